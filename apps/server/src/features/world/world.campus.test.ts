import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROTOCOL_VERSION } from '@atrium/protocol';
import type { AvatarState, ClientToServerEvents, ServerToClientEvents } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUp } from '../../paths.ts';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { signInGuest } from '../../../test/people.ts';
import { freePort, testRedisChannel } from '../../../test/test-app.ts';
import { snapshotEntry } from '../../../test/socket-client.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const redisUrl = process.env.TEST_REDIS_URL;
const root = path.dirname(findUp('package-lock.json') as string);

/** A real server process (kill -9 needs one), on the shared database and Redis. */
interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // Node itself runs the server (tsx only as its loader), so a kill reaches the server.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        SEED_DEMO: 'false',
        WEB_DIST: '/nonexistent',
        // No local chain per process (it would keep its state under ./data).
        WALLET: 'off',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { url, child, exited };
    if (Date.now() > deadline) throw new Error('server did not start');
    // Polling the port: the child has no other way to say it listens.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const opened: ClientSocket[] = [];

async function open(url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, {
    path: '/api/socket',
    transports: ['websocket'],
    reconnection: false,
    auth: { protocol: PROTOCOL_VERSION, token },
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

async function joinCampus(socket: ClientSocket) {
  const joined = await socket.emitWithAck('world:join', { world: 'campus' });
  if (!joined.status) throw new Error(joined.message);
  return joined.data;
}

function next<E extends 'world:joined' | 'world:left' | 'world:emoted'>(
  socket: ClientSocket,
  event: E,
  test: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    const untyped = socket as unknown as {
      on(e: string, l: (p: never) => void): void;
      off(e: string, l: (p: never) => void): void;
    };
    const listener = (payload: never) => {
      if (!test(payload)) return;
      untyped.off(event, listener);
      resolve(payload);
    };
    untyped.on(event, listener);
  });
}

describe('one campus on two server processes', () => {
  it('runs when TEST_REDIS_URL is set (CI sets it)', () => {
    if (process.env.CI) expect(redisUrl, 'CI must set TEST_REDIS_URL').toBeTruthy();
  });

  describe.runIf(redisUrl)('on the test Redis', () => {
    let database: TestDatabase | undefined;
    const dirs: string[] = [];
    let serverA: ServerProcess;
    let serverB: ServerProcess;

    beforeAll(async () => {
      // PostgreSQL when the run has one (as in production); otherwise each its own PGlite, which
      // the world does not need to share: guests' tokens are checked by the shared secret alone.
      if (process.env.TEST_DATABASE_URL) database = await createTestDatabase('postgres');
      const env = async (): Promise<Record<string, string>> => {
        const shared = {
          REDIS_URL: redisUrl as string,
          REDIS_CHANNEL: testRedisChannel,
          JWT_SECRET: 'two-process-test-secret-0123456789',
        };
        if (database?.url) return { ...shared, DATABASE_URL: database.url };
        const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-campus-'));
        dirs.push(dir);
        return { ...shared, DATA_DIR: dir };
      };
      [serverA, serverB] = await Promise.all([
        startProcess(await env()),
        startProcess(await env()),
      ]);
    }, 120_000);

    afterAll(async () => {
      for (const s of opened.splice(0)) s.disconnect();
      for (const server of [serverA, serverB]) {
        if (server && server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGTERM');
          await server.exited;
        }
      }
      await database?.dispose();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }, 60_000);

    it('shows visitors on both processes to each other, and brings back those of a killed one', async () => {
      const a = await open(serverA.url, await signInGuest(serverA.url));
      const tokenB = await signInGuest(serverB.url);
      const b = await open(serverB.url, tokenB);

      const joinA = await joinCampus(a);
      const announced = next(a, 'world:joined', () => true);
      const joinB = await joinCampus(b);
      expect(joinB.instanceId).toBe(joinA.instanceId);
      expect(joinB.self.index).not.toBe(joinA.self.index);
      expect(joinB.others.map((o) => o.id)).toEqual([joinA.self.id]);
      expect(await announced).toEqual(joinB.self);

      // Moves cross processes in the binary snapshots, named by the campus-wide index.
      const step = (from: AvatarState) => ({
        x: from.x + 0.3,
        y: 0,
        z: from.z,
        ry: 1,
        anim: 'walk' as const,
      });
      const toB = step(joinB.self);
      const bMoved = snapshotEntry(a, joinB.self.index, (s) => Math.abs(s.x - toB.x) < 0.01);
      b.emit('world:move', toB);
      expect((await bMoved).anim).toBe('walk');
      const toA = step(joinA.self);
      const aMoved = snapshotEntry(b, joinA.self.index, (s) => Math.abs(s.x - toA.x) < 0.01);
      a.emit('world:move', toA);
      expect((await aMoved).anim).toBe('walk');

      const emoted = next(a, 'world:emoted', () => true);
      b.emit('world:emote', { emote: 'dance' });
      expect(await emoted).toEqual({ id: joinB.self.id, emote: 'dance' });

      // A third visitor, on B, is told where the others stand now, not where they arrived.
      const c = await open(serverB.url, await signInGuest(serverB.url));
      const joinC = await joinCampus(c);
      expect(joinC.instanceId).toBe(joinA.instanceId);
      expect(new Set([joinA.self.index, joinB.self.index, joinC.self.index]).size).toBe(3);
      const where = (id: string) => joinC.others.find((o: AvatarState) => o.id === id);
      expect(where(joinA.self.id)?.x).toBeCloseTo(toA.x, 2);
      expect(where(joinB.self.id)?.x).toBeCloseTo(toB.x, 2);

      const cLeft = next(a, 'world:left', (p) => p.id === joinC.self.id);
      c.disconnect();
      expect(await cLeft).toEqual({ id: joinC.self.id });

      // kill -9: B says nothing; its visitor comes back through A to the same instance.
      const ghostGone = next(a, 'world:left', (p) => p.id === joinB.self.id);
      const dropped = new Promise((resolve) => b.once('disconnect', resolve));
      const killedAt = Date.now();
      serverB.child.kill('SIGKILL');
      await dropped;
      const back = await open(serverA.url, tokenB);
      const rejoin = await joinCampus(back);
      expect(Date.now() - killedAt).toBeLessThan(5000);
      expect(rejoin.instanceId).toBe(joinA.instanceId);
      expect(rejoin.self.index).not.toBe(joinA.self.index);
      expect(rejoin.others.map((o) => o.id)).toContain(joinA.self.id);

      // No ghost stays: A's visitor hears the dead process's avatar leave within 5 s.
      await ghostGone;
      expect(Date.now() - killedAt).toBeLessThan(5000);
      const later = await joinCampus(await open(serverA.url, await signInGuest(serverA.url)));
      expect(later.others.map((o) => o.id).sort()).toEqual([joinA.self.id, rejoin.self.id].sort());
    }, 60_000);
  });
});
