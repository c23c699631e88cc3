import { execFile } from 'node:child_process';
import path from 'node:path';
import {
  aimPointFor,
  applyThrow,
  MinigameConstants,
  MinigameText,
  newGame,
} from '@atrium/protocol';
import type { DartsMatch } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dartsMatches, dartsSessions } from '../../db/schema.ts';
import { findUp } from '../../paths.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { winningGame } from '../../../test/darts.ts';
import {
  call,
  createPerson,
  JWT_SECRET,
  openClient,
  startTwoProcesses,
} from '../../../test/people.ts';
import type { Client, TwoProcesses } from '../../../test/people.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const { dartIntervalMs } = MinigameConstants;

describe.runIf(redisUrl && postgresUrl)('darts across two server processes', () => {
  let two: TwoProcesses;
  let database: TestDatabase;
  let serverA: TestApp;
  let serverB: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    two = await startTwoProcesses();
    ({ database, a: serverA, b: serverB } = two);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await two.close();
  });

  const open = async (server: TestApp, token: string | null) => {
    const c = await openClient(server.url, token);
    clients.push(c);
    return c;
  };

  it('plays a match between a player on each process at one pace, and announces the winner on both', async () => {
    const [host, guest] = [
      await createPerson(database.db, 'xa'),
      await createPerson(database.db, 'xb'),
    ];
    const a = await open(serverA, host.token);
    const b = await open(serverB, guest.token);
    const watchers = [await open(serverA, null), await open(serverB, null)];
    // The invitee is online on the other process: the invitation finds them there.
    const { matchId } = await ok<DartsMatch>(
      ask(a.socket, 'darts:invite', { username: guest.name, mode: '501' }),
    );
    await b.wait('darts:invited', (i) => i.matchId === matchId);
    await ok(ask(b.socket, 'darts:answer', { matchId, accept: true }));
    await a.wait('darts:state', (s) => s.status === 'playing');

    const t20 = aimPointFor({ ring: 'treble', number: 20 });
    for (let i = 0; i < 3; i++) {
      await sleep(dartIntervalMs);
      const refused = await ask(b.socket, 'darts:throw', { matchId, aim: t20 });
      expect(refused).toEqual({ status: false, message: MinigameText.notYourTurn });
      const state = await ok<DartsMatch>(ask(a.socket, 'darts:throw', { matchId, aim: t20 }));
      // The other process's player hears the same state.
      const heard = await b.wait('darts:state', (s) => s.game?.throws.length === i + 1);
      expect(heard.game).toEqual(state.game);
    }
    // The pace is the match's, whichever process takes the dart.
    expect(await ask(b.socket, 'darts:throw', { matchId, aim: t20 })).toEqual({
      status: false,
      message: MinigameText.tooFast,
    });
    await sleep(dartIntervalMs);
    await ok(ask(b.socket, 'darts:throw', { matchId, aim: t20 }));
    await a.wait('darts:state', (s) => s.game?.throws.length === 4);

    // Skip to the host's last dart (the test's own shortcut): eight darts of a nine-darter, and
    // 50 left rather than 24, so the bull (which the release's scatter never misses) finishes.
    const eight = winningGame('501', 0)
      .hits.slice(0, -1)
      .reduce(applyThrow, newGame('501', [host.name, guest.name]));
    const game = {
      ...eight,
      players: [{ ...eight.players[0]!, remaining: 50 }, eight.players[1]!],
    };
    await database.db
      .update(dartsMatches)
      .set({ game, readyAt: new Date(Date.now() - 1) })
      .where(eq(dartsMatches.id, matchId));
    const final = await ok<DartsMatch>(
      ask(a.socket, 'darts:throw', { matchId, aim: { x: 0, y: 0 } }),
    );
    expect(final.status).toBe('finished');
    expect(final.game?.winner).toBe(0);
    expect((await b.wait('darts:state', (s) => s.status === 'finished')).game).toEqual(final.game);
    for (const w of watchers) {
      expect(await w.wait('minigame:winner')).toEqual({ username: host.name, mode: '501' });
    }
    const board = await call(serverB.url, 'GET', '/api/minigame/leaderboard/501');
    expect(board.json.data).toMatchObject({
      entries: expect.arrayContaining([{ username: host.name, wins: 1, best: 9 }]),
    });
  });

  it("an entry an admin removes (over the API or with the CLI) leaves every process's boards", async () => {
    const [cheat, admin] = [
      await createPerson(database.db, 'xc'),
      await createPerson(database.db, 'xd'),
    ];
    const adminToken = await new AccessTokens(JWT_SECRET).sign({ ...admin.claims, role: 'admin' });
    const win = (mode: '501' | 'around-the-clock') => ({
      ownerSub: cheat.id,
      userId: cheat.id,
      username: cheat.name,
      mode,
      opponent: 'computer-3',
      finishedAt: new Date(),
      winnerName: cheat.name,
      isWinner: true,
      darts: 9,
    });
    await database.db.insert(dartsSessions).values([win('501'), win('around-the-clock')]);
    const watchers = [await open(serverA, null), await open(serverB, null)];

    const removed = await call(
      serverA.url,
      'DELETE',
      `/api/minigame/leaderboard/501/${cheat.name}`,
      { token: adminToken },
    );
    expect(removed.json.data).toEqual({ mode: '501', username: cheat.name, removed: 1 });
    for (const w of watchers) expect(await w.wait('minigame:leaderboard')).toEqual({ mode: '501' });

    // The operator's CLI, on the same database and Redis as the running servers.
    const root = path.dirname(findUp('package-lock.json') as string);
    const cli = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        path.join(root, 'node_modules', '.bin', 'tsx'),
        [
          path.join(root, 'apps/server/src/cli/admin.ts'),
          'leaderboard',
          'remove',
          'around-the-clock',
          cheat.name,
        ],
        {
          cwd: root,
          env: { PATH: process.env.PATH, DATABASE_URL: database.url, REDIS_URL: redisUrl },
        },
        (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
      );
    });
    expect(cli).toEqual({
      code: 0,
      stdout: `Removed ${cheat.name} from the around-the-clock leaderboard (1 win(s)).\n`,
    });
    for (const w of watchers) {
      expect(await w.wait('minigame:leaderboard', (c) => c.mode === 'around-the-clock')).toEqual({
        mode: 'around-the-clock',
      });
    }
    const board = await call(serverB.url, 'GET', '/api/minigame/leaderboard/around-the-clock');
    expect(JSON.stringify(board.json.data)).not.toContain(cheat.name);
  }, 60_000);
});
