import { CommonText, ErrorCode } from '@atrium/protocol';
import type { Failure } from '@atrium/protocol';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/** An expected failure: it becomes the spec's envelope with this status and message. */
export class AppError extends Error {
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
export const tooManyRequests = (message: string) =>
  new AppError(429, ErrorCode.rateLimited, message);
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

/** Installs the one error serializer and the API 404 answer. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (statusCode: number, body: Failure) => reply.code(statusCode).send(body);

    if (error instanceof AppError) {
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
    request.log.error({ err: error }, 'unexpected error');
    return send(500, { status: false, code: ErrorCode.internal, message: CommonText.unknownError });
  });
}
