import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { Bindings, ChildLoggerOptions, DestinationStream, LevelWithSilent } from 'pino';
import { databaseError } from './database-errors.ts';

/** Body and header fields that hold secrets, at the top level and one object down. */
const SECRET_KEYS = [
  'password',
  'new_password',
  'repeat_password',
  'repeat_new_password',
  'password_hash',
  'passwordHash',
  'token',
  'refresh_token',
  'authorization',
  'cookie',
  'params',
];

const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** A stack trace without its first line, which repeats the message. */
const framesOnly = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

/**
 * Serializes errors for the log. A failed query's message, stack head and properties carry the
 * SQL and its parameters (a new password's hash, an email); only the SQLSTATE, the constraint and
 * the server's own message are kept (issue 12, item 16).
 */
export function serializeError(error: Error): SerializedError {
  const db = databaseError(error);
  if (db) return { type: 'DatabaseError', ...db, stack: framesOnly(error.stack) ?? '' };
  return stdSerializers.err(error);
}

/** Fastify's logger options: level, secret redaction and the safe error serializer. */
export function loggerOptions(
  level: LevelWithSilent,
  stream?: DestinationStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
    ...(stream ? { stream } : {}),
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger that becomes a pino child (with the request id) only when something is
 * logged at an enabled level. Fastify makes one child per request, and with redaction configured
 * pino runs the redaction over each child's bindings: about 1.5 µs a request, a sixth of
 * /api/health's throughput (bench/health.mjs ratio 0.65 → 0.80 in one run), though most requests
 * never log. What is logged is the same, request id included.
 */
class LazyChildLogger {
  private built: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.built ??= this.parent.child(this.childBindings, this.options);
    return this.built;
  }

  private write(level: Level, args: unknown[]): void {
    if (this.built === undefined && !this.enabled(level)) return;
    const real = this.real;
    Reflect.apply(real[level], real, args);
  }

  /** Whether the child would write at `level`; one with a level of its own decides itself. */
  private enabled(level: Level): boolean {
    if (this.options.level !== undefined) return true;
    const parent = this.parent as Partial<{ isLevelEnabled(level: string): boolean }>;
    return parent.isLevelEnabled?.(level) ?? true;
  }

  get level(): string {
    return this.built?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  /** pino's own methods beyond the levels, for code that uses them. */
  bindings(): Bindings {
    return (this.real as unknown as { bindings(): Bindings }).bindings();
  }

  isLevelEnabled(level: string): boolean {
    return (this.real as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level);
  }
}

/** Fastify's `childLoggerFactory`: request loggers are built on first use (see LazyChildLogger). */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
