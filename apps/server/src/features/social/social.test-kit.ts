import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION, SOCKET_PATH } from '@atrium/protocol';
import type { ServerEventName, ServerPayload } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import type { AppDb } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';

export const JWT_SECRET = 'social-test-secret-0123456789abcdef0123456789';
const tokens = new AccessTokens(JWT_SECRET);

/** A signed-in account in the database, with its bearer token. */
export interface Person {
  claims: AuthClaims;
  id: string;
  name: string;
  token: string;
}

/** Creates an active account (a unique name from `base`) and signs a token for it. */
export async function createPerson(db: AppDb, base: string): Promise<Person> {
  const name = `${base}${randomUUID().slice(0, 6)}`;
  const [row] = await db
    .insert(users)
    .values({ username: name, email: `${name}@school.test`, status: 1 })
    .returning();
  if (!row) throw new Error('no user row');
  const claims: AuthClaims = { sub: row.id, username: name, role: 'member' };
  return { claims, id: row.id, name, token: await tokens.sign(claims) };
}

export const guestToken = () =>
  tokens.sign({ sub: randomUUID(), username: 'guest-7', role: 'guest' });

export interface Answer {
  status: number;
  json: Record<string, unknown> & { status: boolean; message?: string; data?: unknown };
}

/** One JSON HTTP call with a bearer token. */
export async function call(
  url: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Answer['json'] };
}

/**
 * A socket that records every social event from the moment it connects, so a test can wait for
 * one that may already have arrived (the inbox is replayed right after the handshake).
 */
export interface Client {
  socket: ClientSocket;
  seen: Array<{ event: string; payload: unknown }>;
  /** Resolves with the `n`-th (1-based) payload of `event` that passes `test`. */
  wait<E extends ServerEventName>(
    event: E,
    test?: (p: ServerPayload<E>) => boolean,
    n?: number,
  ): Promise<ServerPayload<E>>;
  close(): void;
}

export async function openClient(url: string, token: string | null): Promise<Client> {
  const socket: ClientSocket = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { protocol: PROTOCOL_VERSION, ...(token ? { token } : {}) },
  });
  const seen: Client['seen'] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    seen.push({ event, payload });
    for (const w of [...waiters]) w();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return {
    socket,
    seen,
    wait(event, test = () => true, n = 1) {
      return new Promise((resolve) => {
        const check = () => {
          const hits = seen.filter(
            (s) => s.event === event && test(s.payload as ServerPayload<typeof event>),
          );
          const hit = hits[n - 1];
          if (!hit) return;
          waiters.delete(check);
          resolve(hit.payload as ServerPayload<typeof event>);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => void socket.disconnect(),
  };
}
