// Test support for the classroom: what Janus itself says about a classroom's room.
import { randomUUID } from 'node:crypto';
import type { ClassroomRoom } from '@atrium/protocol';
import { janusRoomId, janusRoomSecret } from '../src/features/classroom/classroom.sfu.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import type { JanusClient } from '../src/media/janus/index.ts';
import { AccessTokens } from '../src/security/access-tokens.ts';
import type { AuthClaims } from '../src/security/access-tokens.ts';
import { createTestDatabase } from './databases.ts';
import type { TestDatabase } from './databases.ts';
import { openClient } from './people.ts';
import type { ClientSocket } from './socket-client.ts';
import { ask, ok } from './socket-client.ts';
import { NodePeer } from './janus.ts';
import { startTestApp } from './test-app.ts';
import type { TestApp } from './test-app.ts';

/**
 * The moderated mids per feed, as Janus lists them to someone joining the room now (`secret` is
 * the server secret the classroom's room secrets derive from).
 */
export async function moderatedIn(
  client: JanusClient,
  secret: string,
  channel: ClassroomRoom,
): Promise<Record<number, string[]>> {
  const room = janusRoomId(channel);
  const roomSecret = janusRoomSecret(secret, channel);
  const token = randomUUID();
  await client.allowTokens(room, roomSecret, [token]);
  const peer = await client.openPeer();
  try {
    const { publishers } = await (await peer.publisher()).join({ room, token });
    return Object.fromEntries(
      publishers.map((p) => [p.feed, p.streams.filter((s) => s.moderated).map((s) => s.mid)]),
    );
  } finally {
    await peer.close();
    await client.disallowTokens(room, roomSecret, [token]);
  }
}

/**
 * The setups a classroom rule is proved on: one process on PGlite, and two processes on
 * PostgreSQL and Redis (a teacher on one, students on the other) when TEST_DATABASE_URL and
 * TEST_REDIS_URL are set.
 */
export const classSetups = [
  ['one process on PGlite', false],
  ...(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL
    ? [['two processes on PostgreSQL and Redis', true] as const]
    : []),
] as const;

/** A teacher's side and a students' side of one campus, started for the enclosing suite. */
export interface ClassPair {
  database: TestDatabase;
  teacherSide: TestApp;
  studentSide: TestApp;
  /** A signed-in socket on `app`, closed when the suite ends. */
  connect(claims: AuthClaims, app: TestApp): Promise<{ socket: ClientSocket; claims: AuthClaims }>;
}

/** Starts the sides in `beforeAll` (with `env` beside the secret) and stops them in `afterAll`. */
export function useClassPair(
  twoProcesses: boolean,
  secret: string,
  env: Record<string, string> = {},
): ClassPair {
  const opened: ClientSocket[] = [];
  const tokens = new AccessTokens(secret);
  let second: Database | undefined;
  const pair = {
    async connect(claims: AuthClaims, app: TestApp) {
      const { socket } = await openClient(app.url, await tokens.sign(claims));
      opened.push(socket);
      return { socket, claims };
    },
  } as ClassPair;
  beforeAll(async () => {
    pair.database = await createTestDatabase(twoProcesses ? 'postgres' : 'pglite');
    const all = {
      JWT_SECRET: secret,
      ...env,
      ...(twoProcesses ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}),
    };
    pair.teacherSide = await startTestApp(pair.database, all);
    if (twoProcesses) {
      second = await openDatabase({ kind: 'postgres', url: pair.database.url! });
      pair.studentSide = await startTestApp(second, all);
    } else {
      pair.studentSide = pair.teacherSide;
    }
  });
  afterAll(async () => {
    for (const s of opened) s.disconnect();
    if (pair.studentSide !== pair.teacherSide) await pair.studentSide?.close();
    await pair.teacherSide?.close();
    await second?.close();
    await pair.database?.dispose();
  });
  return pair;
}

/** A socket of `claims` on `url` (tokens signed with `secret`), connected. */
export async function openClassSocket(
  url: string,
  secret: string,
  claims: AuthClaims,
): Promise<ClientSocket> {
  const { socket } = await openClient(url, await new AccessTokens(secret).sign(claims));
  return socket;
}

/** Publishes through a real (track-less) WebRTC peer; resolves once ICE and DTLS are up. */
export async function publishOn(socket: ClientSocket, participant: number): Promise<NodePeer> {
  const node = new NodePeer();
  try {
    const { sdp } = await ok<{ sdp: { type: 'answer'; sdp: string } }>(
      ask(socket, 'class:publish', { participant, sdp: await node.publishOffer() }),
    );
    expect(sdp.type).toBe('answer');
    await node.accept(sdp);
    await node.connected();
    return node;
  } catch (err) {
    node.close();
    throw err;
  }
}
