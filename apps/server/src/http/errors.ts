import { CommonText, ErrorCode } from '@atrium/protocol';
import type { Failure } from '@atrium/protocol';
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isUnstorableText } from './database-errors.ts';

/**
 * Body limits. JSON bodies of the API are small (a login is under 1 KB); only the routes that
 * take a poster's description or a picture set a larger limit of their own.
 */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
export const POSTER_BODY_LIMIT = 64 * 1024;

/** How much of a refused body is still read, so the client gets to read the answer. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/** An expected failure: it becomes the spec's envelope with this status and message. */
export class AppError extends Error {
  /** For a 429: when the client may try again, sent as `Retry-After` (whole seconds). */
  retryAfterMs: number | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, ErrorCode.validation, message);
export const unauthorized = (message: string) => new AppError(401, ErrorCode.unauthorized, message);
export const forbidden = (message: string) => new AppError(403, ErrorCode.forbidden, message);
export const notFound = (message: string = CommonText.notFound) =>
  new AppError(404, ErrorCode.notFound, message);
export const conflict = (message: string) => new AppError(409, ErrorCode.conflict, message);
export const tooManyRequests = (message: string, retryAfterMs: number) => {
  const error = new AppError(429, ErrorCode.rateLimited, message);
  error.retryAfterMs = retryAfterMs;
  return error;
};
export const unavailable = (message: string) => new AppError(503, ErrorCode.unavailable, message);

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/**
 * Turns validation issues into one human sentence. Our own schema messages are full sentences
 * (they end with a period, like the spec's `New password and confirm password mismatched.`) and
 * are sent as they are, so clients can show them verbatim; zod's generic messages get the field
 * path in front, e.g. `body.count: Invalid input: expected number, received string`.
 */
export function describeValidation(context: string, issues: ValidationIssue[]): string {
  const parts = issues.slice(0, 3).map((issue) => {
    const where =
      issue.params?.issue?.path?.map(String).join('.') ??
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    const what = issue.params?.issue?.message ?? issue.message ?? 'is invalid';
    if (what.endsWith('.')) return what;
    return where ? `${context}.${where}: ${what}` : `${context}: ${what}`;
  });
  return [...new Set(parts)].join(' ');
}

/** Maps Fastify's own client errors (bad JSON, wrong content type, size) to stable codes. */
function fastifyClientError(error: FastifyError): { code: ErrorCode; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: ErrorCode.malformedJson, message: CommonText.malformedJson };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: ErrorCode.unsupportedMediaType, message: CommonText.unsupportedMediaType };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: ErrorCode.payloadTooLarge, message: CommonText.payloadTooLarge };
    default:
      if (error instanceof SyntaxError) {
        return { code: ErrorCode.malformedJson, message: CommonText.malformedJson };
      }
      return undefined;
  }
}

/**
 * Whether the client declared a body length the server would read to the end: a Content-Length
 * within {@link DRAIN_MAX_BYTES}. A chunked body declares no length (its chunk headers may claim
 * any size), and a larger one would only be read to be thrown away.
 */
function declaresPlausibleLength(raw: IncomingMessage): boolean {
  const header = raw.headers['content-length'];
  if (header === undefined || raw.headers['transfer-encoding'] !== undefined) return false;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 && length <= DRAIN_MAX_BYTES;
}

/**
 * Reads and discards the rest of a request body. A client still sending when the server answers
 * and closes gets a reset instead of the answer (issue 12, item 17); reading up to a bound first
 * lets it finish and read the error. Resolves false when the body is past the bound.
 */
function drainBody(raw: IncomingMessage): Promise<boolean> {
  if (raw.complete || raw.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onEnd);
      raw.off('close', onEnd);
      resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onEnd);
    raw.on('close', onEnd);
    raw.resume();
  });
}

/**
 * The router's own refusals (a malformed percent-encoding, a path parameter past its length),
 * which never reach the error handler, answered with the envelope.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: Failure = {
    status: false,
    code: ErrorCode.validation,
    message: tooLong ? CommonText.urlTooLong : CommonText.badUrl,
  };
  void reply.code(tooLong ? 414 : 400).send(body);
}

/**
 * Requests Node's parser refuses before Fastify sees them (headers past the size limit, bad
 * framing): the envelope on the raw socket, then the connection closes, as Node itself does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCode.payloadTooLarge, CommonText.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCode.validation, CommonText.clientError]
        : [400, ErrorCode.validation, CommonText.clientError];
  const body = JSON.stringify({ status: false, code, message } satisfies Failure);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Installs the one error serializer and the API 404 answer. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (!request.raw.complete) {
      // The body was refused before it was read (too large, wrong type). With a plausible
      // Content-Length, read the rest first so the client, done sending, reads the answer; past
      // the bound the connection is dropped. Without one (chunked, or a length past the bound),
      // answer at once and close: draining a body of any declared size is no answer at all.
      if (!declaresPlausibleLength(request.raw)) {
        void reply.header('connection', 'close');
      } else if (!(await drainBody(request.raw))) {
        request.raw.destroy();
        return reply;
      }
    }
    const send = (statusCode: number, body: Failure) => reply.code(statusCode).send(body);

    if (error instanceof AppError) {
      if (error.retryAfterMs !== undefined) {
        // Rounded up, and never 0: a client retrying at once would only be refused again.
        void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
      }
      return send(error.statusCode, { status: false, code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'request';
      return send(400, {
        status: false,
        code: ErrorCode.validation,
        message: describeValidation(context, error.validation),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match schema',
      );
      return send(500, {
        status: false,
        code: ErrorCode.internal,
        message: CommonText.unknownError,
      });
    }
    const clientError = fastifyClientError(error);
    const statusCode = error.statusCode ?? 500;
    if (clientError)
      return send(statusCode >= 400 && statusCode < 500 ? statusCode : 400, {
        status: false,
        ...clientError,
      });
    if (statusCode >= 400 && statusCode < 500) {
      return send(statusCode, {
        status: false,
        code: ErrorCode.validation,
        message: error.message,
      });
    }
    if (isUnstorableText(error)) {
      return send(400, {
        status: false,
        code: ErrorCode.validation,
        message: CommonText.unstorableText,
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(500, { status: false, code: ErrorCode.internal, message: CommonText.unknownError });
  });
}
