/** What may be logged of a failed database query: never its text with parameters, nor `detail`. */
export interface DatabaseErrorInfo {
  /** The SQLSTATE, e.g. `23505`. */
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  /** The server's own message, which names the problem but not the values. */
  message: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * SQLSTATEs that mean the client sent text the database cannot store: invalid byte sequence
 * (22021, e.g. NUL) and untranslatable character (22P05). The schemas refuse these first; this is
 * the safety net for any string that slips past them.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function pick(value: unknown, key: string): string | undefined {
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/**
 * The PostgreSQL error behind a failure, wherever the driver or drizzle put it (drizzle wraps it
 * in `cause`; pg and PGlite attach the query and its parameters, which must not reach the log).
 */
export function databaseError(error: unknown): DatabaseErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = pick(current, 'code');
    if (code && SQLSTATE.test(code) && pick(current, 'severity')) {
      const info: DatabaseErrorInfo = {
        code,
        message: current instanceof Error ? current.message : 'database error',
      };
      for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
        const v = pick(current, key);
        if (v) info[key] = v;
      }
      return info;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a failure is the database refusing text it cannot store (a client error). */
export const isUnstorableText = (error: unknown): boolean =>
  UNSTORABLE_TEXT.has(databaseError(error)?.code ?? '');
