import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';
import type { SerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cookies, read and written only by the routes that use them. A cookie plugin would parse
 * every request's cookies and add an onSend hook to every response, which took every answer
 * off Fastify's fast path for the benefit of three auth routes.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? parse(header)[name] : undefined;
}

/** Adds a Set-Cookie header (Fastify appends several). */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: SerializeOptions,
): void {
  void reply.header('set-cookie', serialize(name, value, options));
}

/** Tells the browser to drop a cookie set with the same path. */
export function clearCookie(reply: FastifyReply, name: string, options: SerializeOptions): void {
  setCookie(reply, name, '', { ...options, maxAge: 0, expires: new Date(0) });
}

const mac = (value: string, secret: string) =>
  createHmac('sha256', secret).update(value).digest('base64url');

/** `value.mac`: a value the client can carry but not change. */
export function signValue(value: string, secret: string): string {
  return `${value}.${mac(value, secret)}`;
}

/** The value of a signed string, or undefined if it was changed or signed with another secret. */
export function unsignValue(signed: string, secret: string): string | undefined {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(mac(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}
