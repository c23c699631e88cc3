import { MinigameText } from '@atrium/protocol';
import type { DartsMatch } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { winningGame } from '../../../test/darts.ts';
import { call, createPerson, openClient, startTwoProcesses } from '../../../test/people.ts';
import type { Client, TwoProcesses } from '../../../test/people.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(redisUrl && postgresUrl)('a darts match across two server processes', () => {
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

  it('plays a match between a player on each process, turn by turn, and announces the winner on both', async () => {
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

    const { hits, game } = winningGame('501', 0);
    let current = 0;
    for (const [i, hit] of hits.entries()) {
      const [thrower, other] = current === 0 ? [a, b] : [b, a];
      const refused = await ask(other.socket, 'darts:throw', { matchId, hit });
      expect(refused).toEqual({ status: false, message: MinigameText.notYourTurn });
      const state = await ok<DartsMatch>(ask(thrower.socket, 'darts:throw', { matchId, hit }));
      // The other process's player hears the same state.
      const heard = await other.wait('darts:state', (s) => s.game?.throws.length === i + 1);
      expect(heard.game).toEqual(state.game);
      current = state.game?.current ?? 0;
    }
    const final = await b.wait('darts:state', (s) => s.status === 'finished');
    expect(final.game?.winner).toBe(0);
    expect(final.game?.throws).toEqual(game.throws);
    expect(final.game?.players.map((p) => p.remaining)).toEqual([0, 501]);
    for (const w of watchers) {
      expect(await w.wait('minigame:winner')).toEqual({ username: host.name, mode: '501' });
    }
    const board = await call(serverB.url, 'GET', '/api/minigame/leaderboard/501');
    expect(board.json.data).toMatchObject({
      entries: expect.arrayContaining([{ username: host.name, wins: 1, best: 9 }]),
    });
  });
});
