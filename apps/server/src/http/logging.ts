import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { DestinationStream, LevelWithSilent } from 'pino';
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
