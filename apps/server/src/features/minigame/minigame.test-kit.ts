import { randomUUID } from 'node:crypto';
import { applyThrow, newGame, PROTOCOL_VERSION, SOCKET_PATH } from '@atrium/protocol';
import type { DartsGame, DartsMode, Hit, ServerEventName, ServerPayload } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import type { AppDb } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { ClientSocket } from '../../../test/socket-client.ts';

export const JWT_SECRET = 'minigame-test-secret-0123456789abcdef012345678';
const tokens = new AccessTokens(JWT_SECRET);

export interface Person {
  id: string;
  name: string;
  token: string;
}

/** An active account with a unique name from `base`, and its bearer token. */
export async function createPerson(db: AppDb, base: string): Promise<Person> {
  const name = `${base}${randomUUID().slice(0, 6)}`;
  const [row] = await db
    .insert(users)
    .values({ username: name, email: `${name}@school.test`, status: 1 })
    .returning();
  if (!row) throw new Error('no user row');
  return {
    id: row.id,
    name,
    token: await tokens.sign({ sub: row.id, username: name, role: 'member' }),
  };
}

export const guestToken = () =>
  tokens.sign({ sub: randomUUID(), username: `guest-${randomUUID().slice(0, 4)}`, role: 'guest' });

export interface Answer {
  status: number;
  json: { status: boolean; message?: string; data?: unknown };
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

/** A socket that records every event from the moment it connects. */
export interface Client {
  socket: ClientSocket;
  seen: Array<{ event: string; payload: unknown }>;
  /** Resolves with the first payload of `event` that passes `test` (already seen or to come). */
  wait<E extends ServerEventName>(
    event: E,
    test?: (p: ServerPayload<E>) => boolean,
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
    wait(event, test = () => true) {
      return new Promise((resolve) => {
        const check = () => {
          const hit = seen.find(
            (s) => s.event === event && test(s.payload as ServerPayload<typeof event>),
          );
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

export const MISS: Hit = { ring: 'miss', number: 0 };
/** 501 in nine darts: 180, 180, T20 T19 D12. */
const NINE_DARTER: Hit[] = [
  ...Array<Hit>(5).fill({ ring: 'treble', number: 20 }),
  { ring: 'treble', number: 20 },
  { ring: 'treble', number: 20 },
  { ring: 'treble', number: 19 },
  { ring: 'double', number: 12 },
];

/** The dart player `winner` throws next on the way to a win in the fewest darts. */
function winningDart(game: DartsGame, thrown: number): Hit {
  if (game.mode === '501') return NINE_DARTER[thrown] ?? MISS;
  const target = game.players[game.current]!.target;
  return target >= 25 ? { ring: 'bull', number: 25 } : { ring: 'single', number: target };
}

/**
 * Every dart of a game that player `winner` wins in the fewest darts while the other misses
 * everything: 9 darts for 501, 21 for Around the Clock.
 */
export function winningGame(mode: DartsMode, winner: 0 | 1): { hits: Hit[]; game: DartsGame } {
  let game = newGame(mode, ['a', 'b']);
  const hits: Hit[] = [];
  let thrown = 0;
  while (game.winner === null) {
    const hit = game.current === winner ? winningDart(game, thrown++) : MISS;
    hits.push(hit);
    game = applyThrow(game, hit);
  }
  return { hits, game };
}
