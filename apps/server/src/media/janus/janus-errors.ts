/** VideoRoom's error codes that callers act on (janus_videoroom.c, 1.1.2). */
export const VIDEOROOM_ERROR = {
  NO_SUCH_ROOM: 426,
  ROOM_EXISTS: 427,
  NO_SUCH_FEED: 428,
  MISSING_ELEMENT: 429,
  INVALID_ELEMENT: 430,
  PUBLISHERS_FULL: 432,
  UNAUTHORIZED: 433,
  ALREADY_JOINED: 425,
  ALREADY_PUBLISHED: 434,
  NOT_PUBLISHED: 435,
  INVALID_SDP: 437,
} as const;

/** Janus refused a request: `code` is Janus's or VideoRoom's error code when it gave one. */
export class JanusError extends Error {
  constructor(
    readonly request: string,
    readonly code: number | null,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Janus refused ${request}: ${code === null ? '' : `${code} `}${reason}`, options);
    this.name = 'JanusError';
  }
}

/** Janus cannot be reached (not started, gone away, or the connection is being re-established). */
export class JanusUnavailableError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Janus at ${url} is not available: ${reason}`, options);
    this.name = 'JanusUnavailableError';
  }
}

/**
 * Turns what janode rejects with into a {@link JanusError}. janode's messages are
 * `"<code> <reason>"` for Janus and VideoRoom errors (VideoRoom's also carry `_code`).
 */
export function toJanusError(request: string, err: unknown): JanusError {
  if (err instanceof JanusError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const ownCode = (err as { _code?: unknown } | null)?._code;
  const match = /^(\d{3})\s+(.*)$/s.exec(message);
  const code = typeof ownCode === 'number' ? ownCode : match ? Number(match[1]) : null;
  return new JanusError(request, code, match ? (match[2] ?? message) : message, { cause: err });
}

/** janode's messages when the connection under a request went away. */
const CONNECTION_GONE =
  /connection closed|unexpected disconnection|connection has been closed|connection has not been opened|websocket/i;

/** A failed request as the caller should see it: Janus unreachable, or Janus's refusal. */
export function classifyFailure(
  url: string,
  request: string,
  err: unknown,
): JanusError | JanusUnavailableError {
  if (err instanceof JanusError || err instanceof JanusUnavailableError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (CONNECTION_GONE.test(message)) {
    return new JanusUnavailableError(url, `${request} failed: ${message}`, { cause: err });
  }
  return toJanusError(request, err);
}
