import { MinigameConstants, MinigameText } from '@atrium/protocol';
import type { DartsMatch, GameResult, Hit, Leaderboard } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dartsMatches, dartsSessions } from '../../db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { MISS, winningGame } from '../../../test/darts.ts';
import { call, createPerson, guestToken, JWT_SECRET, openClient } from '../../../test/people.ts';
import type { Client, Person } from '../../../test/people.ts';

const FINISH = '/api/minigame/sessions/finish';
const REGISTER = '/api/minigame/sessions';

describe.each(testDatabaseKinds())('darts on the server (%s)', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, { JWT_SECRET });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await database.dispose();
  });

  const person = (base: string) => createPerson(database.db, base);
  const token = (p: Person | string | null) => (typeof p === 'string' || p === null ? p : p.token);
  const api = (p: Person | string | null, method: string, path: string, body?: unknown) =>
    call(server.url, method, path, { token: token(p), body });
  const client = async (p: Person | string | null) => {
    const c = await openClient(server.url, token(p));
    clients.push(c);
    return c;
  };
  const register = async (p: Person | string, mode = 'around-the-clock', level = 2) => {
    const res = await api(p, 'POST', REGISTER, { mode, opponent: { kind: 'computer', level } });
    expect(res.status).toBe(200);
    return (res.json.data as { sessionId: string }).sessionId;
  };
  const board = async (mode: string) =>
    ((await api(null, 'GET', `/api/minigame/leaderboard/${mode}`)).json.data as Leaderboard)
      .entries;

  describe('a game against the computer', () => {
    it('replays a won Around the Clock, stores it once and tells every client', async () => {
      const al = await person('al');
      const watcher = await client(null);
      const sessionId = await register(al);
      const { hits } = winningGame('around-the-clock', 0);
      const res = await api(al, 'POST', FINISH, {
        sessionId,
        mode: 'around-the-clock',
        players: [al.name, 'Computer'],
        hits,
      });
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual({
        winner: al.name,
        isWinner: true,
        score: 21,
        stored: true,
        message: MinigameText.stored,
      } satisfies GameResult);
      expect(await watcher.wait('minigame:winner', (w) => w.username === al.name)).toEqual({
        username: al.name,
        mode: 'around-the-clock',
      });
      expect(await board('around-the-clock')).toContainEqual({
        username: al.name,
        wins: 1,
        best: 21,
      });

      const again = await api(al, 'POST', FINISH, {
        sessionId,
        mode: 'around-the-clock',
        players: [al.name, 'Computer'],
        hits,
      });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ status: false, message: MinigameText.alreadyFinished });
      expect(await board('around-the-clock')).toContainEqual({
        username: al.name,
        wins: 1,
        best: 21,
      });
    });

    it('scores a nine-dart 501 with the darts the server counted, and a loss as a loss', async () => {
      const bo = await person('bo');
      const won = await api(bo, 'POST', FINISH, {
        sessionId: await register(bo, '501', 3),
        mode: '501',
        players: [bo.name, 'Computer'],
        hits: winningGame('501', 0).hits,
      });
      expect(won.json.data).toMatchObject({ winner: bo.name, isWinner: true, score: 9 });
      const lost = await api(bo, 'POST', FINISH, {
        sessionId: await register(bo, '501', 3),
        mode: '501',
        players: [bo.name, 'Computer'],
        hits: winningGame('501', 1).hits,
      });
      expect(lost.json.data).toEqual({
        winner: 'Computer',
        isWinner: false,
        score: 9,
        stored: true,
        message: MinigameText.lost,
      });
      // The caller may throw second: `me` says which player they are.
      const second = await api(bo, 'POST', FINISH, {
        sessionId: await register(bo, '501', 1),
        mode: '501',
        players: ['Computer', bo.name],
        me: 1,
        hits: [...winningGame('501', 1).hits],
      });
      expect(second.json.data).toMatchObject({ winner: bo.name, isWinner: true, score: 9 });
      expect(await board('501')).toContainEqual({ username: bo.name, wins: 2, best: 9 });
    });

    it('orders the leaderboard by wins, then the fewest darts, at most 10 rows', async () => {
      const [few, many] = [await person('few'), await person('many')];
      const slow = winningGame('around-the-clock', 0).hits;
      // A slower win: three misses of the caller's first turn before the same darts.
      const slower = [MISS, MISS, MISS, MISS, MISS, MISS, ...slow];
      for (const [p, hits] of [
        [few, slower],
        [many, slow],
        [many, slower],
      ] as const) {
        const res = await api(p, 'POST', FINISH, {
          sessionId: await register(p),
          mode: 'around-the-clock',
          players: [p.name, 'Computer'],
          hits,
        });
        expect(res.status).toBe(200);
      }
      const entries = await board('around-the-clock');
      expect(entries.length).toBeLessThanOrEqual(MinigameConstants.leaderboardSize);
      const names = entries.map((e) => e.username);
      expect(names.indexOf(many.name)).toBeLessThan(names.indexOf(few.name));
      expect(entries).toContainEqual({ username: many.name, wins: 2, best: 21 });
      expect(entries).toContainEqual({ username: few.name, wins: 1, best: 24 });
    });
  });

  describe('forged and broken reports', () => {
    const bad = async (p: Person, hits: Hit[] | unknown[], extra: object = {}) => {
      const sessionId = await register(p);
      const res = await api(p, 'POST', FINISH, {
        sessionId,
        mode: 'around-the-clock',
        players: [p.name, 'Computer'],
        hits,
        ...extra,
      });
      return { res, sessionId };
    };

    it('refuses a dart that does not exist, a dart after the win, a game without a winner, too many darts', async () => {
      const cy = await person('cy');
      const { hits } = winningGame('around-the-clock', 0);
      const cases: Array<[unknown[], string]> = [
        [[{ ring: 'treble', number: 25 }, ...hits], MinigameText.invalidHit],
        [[{ ring: 'single', number: 0 }, ...hits], MinigameText.invalidHit],
        [[{ ring: 'miss', number: 20 }, ...hits], MinigameText.invalidHit],
        [[...hits, MISS], MinigameText.afterWinner],
        [hits.slice(0, -1), MinigameText.notFinished],
        [[], MinigameText.notFinished],
        [Array(MinigameConstants.maxHits + 1).fill(MISS), MinigameText.tooManyHits],
      ];
      for (const [list, text] of cases) {
        const { res, sessionId } = await bad(cy, list);
        expect(res.status, text).toBe(400);
        expect(res.json).toMatchObject({ status: false, message: text });
        // Nothing was stored: the same session can still be finished honestly.
        const [row] = await database.db
          .select()
          .from(dartsSessions)
          .where(eq(dartsSessions.id, sessionId));
        expect(row?.finishedAt).toBeNull();
      }
      expect(await board('around-the-clock')).not.toContainEqual(
        expect.objectContaining({ username: cy.name }),
      );
    });

    it('refuses a posted score or winner, a wrong mode, a third player, a bad index, a stranger', async () => {
      const [dee, eve] = [await person('dee'), await person('eve')];
      const { hits } = winningGame('around-the-clock', 0);
      for (const extra of [{ score: 1 }, { winner: 0 }, { isWinner: true }]) {
        expect((await bad(dee, hits, extra)).res.status).toBe(400);
      }
      expect((await bad(dee, hits, { mode: '501' })).res.json.message).toBe(
        MinigameText.modeMismatch,
      );
      expect((await bad(dee, hits, { players: ['a', 'b', 'c'] })).res.json.message).toBe(
        MinigameText.players,
      );
      expect((await bad(dee, hits, { me: 2 })).res.json.message).toBe(MinigameText.playerIndex);
      const sessionId = await register(dee);
      const stranger = await api(eve, 'POST', FINISH, {
        sessionId,
        mode: 'around-the-clock',
        players: [eve.name, 'Computer'],
        hits,
      });
      expect(stranger.status).toBe(404);
      expect(stranger.json.message).toBe(MinigameText.sessionUnknown);
    });

    it('rate-limits finishes per user', async () => {
      const fay = await person('fay');
      const sessionId = await register(fay);
      const statuses: number[] = [];
      for (let i = 0; i <= MinigameConstants.finishLimit; i++) {
        const res = await api(fay, 'POST', FINISH, {
          sessionId,
          mode: 'around-the-clock',
          players: [fay.name, 'Computer'],
          hits: [],
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.json.message).toBe(MinigameText.tooManyFinishes);
      }
      expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('guests and strangers', () => {
    it('lets a guest play but keeps the result off the leaderboard, and says so', async () => {
      const guest = await guestToken();
      const watcher = await client(null);
      const sessionId = await register(guest);
      const res = await api(guest, 'POST', FINISH, {
        sessionId,
        mode: 'around-the-clock',
        players: ['Guest', 'Computer'],
        hits: winningGame('around-the-clock', 0).hits,
      });
      expect(res.json.data).toEqual({
        winner: 'Guest',
        isWinner: true,
        score: 21,
        stored: false,
        message: MinigameText.guestNotStored,
      });
      const again = await api(guest, 'POST', FINISH, {
        sessionId,
        mode: 'around-the-clock',
        players: ['Guest', 'Computer'],
        hits: winningGame('around-the-clock', 0).hits,
      });
      expect(again.status).toBe(409);
      expect(await board('around-the-clock')).not.toContainEqual(
        expect.objectContaining({ username: 'Guest' }),
      );
      expect(watcher.seen.filter((s) => s.event === 'minigame:winner')).not.toContainEqual(
        expect.objectContaining({ payload: expect.objectContaining({ username: 'Guest' }) }),
      );
    });

    it('checks a reported game against a person but leaves it off the board: the match counts', async () => {
      const pat = await person('pat');
      const res = await api(pat, 'POST', REGISTER, {
        mode: '501',
        opponent: { kind: 'person' },
      });
      const { sessionId } = res.json.data as { sessionId: string };
      const body = {
        sessionId,
        mode: '501',
        players: [pat.name, 'someone'],
        hits: winningGame('501', 0).hits,
      };
      const forged = await api(pat, 'POST', FINISH, { ...body, hits: body.hits.slice(0, 5) });
      expect(forged.json.message).toBe(MinigameText.notFinished);
      const fin = await api(pat, 'POST', FINISH, body);
      expect(fin.json.data).toEqual({
        winner: pat.name,
        isWinner: true,
        score: 9,
        stored: false,
        message: MinigameText.matchStoredByServer,
      });
      expect(await board('501')).not.toContainEqual(
        expect.objectContaining({ username: pat.name }),
      );
    });

    it('refuses an anonymous register and finish', async () => {
      const reg = await api(null, 'POST', REGISTER, {
        mode: '501',
        opponent: { kind: 'computer', level: 1 },
      });
      expect(reg.status).toBe(401);
      const fin = await api(null, 'POST', FINISH, {
        sessionId: '00000000-0000-4000-8000-000000000000',
        mode: '501',
        players: ['a', 'b'],
        hits: [],
      });
      expect(fin.status).toBe(401);
      const level = await api(await person('lv'), 'POST', REGISTER, {
        mode: '501',
        opponent: { kind: 'computer', level: 4 },
      });
      expect(level.status).toBe(400);
    });
  });

  describe('a match between two people', () => {
    it('invites an online user, alternates turns, refuses out of turn, stores and announces the win', async () => {
      const [host, guest, offline] = [await person('ho'), await person('gu'), await person('of')];
      const a = await client(host);
      const b = await client(guest);
      const watcher = await client(null);
      const refused = async (who: Client, event: string, payload: unknown) => {
        const res = await ask(who.socket, event, payload);
        expect(res.status).toBe(false);
        return res.status ? '' : res.message;
      };
      expect(await refused(a, 'darts:invite', { username: offline.name, mode: '501' })).toBe(
        MinigameText.notOnline,
      );
      expect(await refused(a, 'darts:invite', { username: host.name, mode: '501' })).toBe(
        MinigameText.inviteSelf,
      );
      const invited = await ok<DartsMatch>(
        ask(a.socket, 'darts:invite', { username: guest.name, mode: 'around-the-clock' }),
      );
      expect(invited.status).toBe('invited');
      const { matchId } = invited;
      expect(await b.wait('darts:invited')).toEqual({
        matchId,
        mode: 'around-the-clock',
        from: host.name,
        from_id: host.id,
      });
      expect(await refused(a, 'darts:answer', { matchId, accept: true })).toBe(
        MinigameText.notInvited,
      );
      expect(await refused(a, 'darts:throw', { matchId, hit: MISS })).toBe(MinigameText.notPlaying);
      const started = await ok<DartsMatch>(
        ask(b.socket, 'darts:answer', { matchId, accept: true }),
      );
      expect(started.status).toBe('playing');
      expect(await refused(b, 'darts:answer', { matchId, accept: true })).toBe(
        MinigameText.notPending,
      );
      // The inviter throws first; the invitee may not.
      expect(await refused(b, 'darts:throw', { matchId, hit: MISS })).toBe(
        MinigameText.notYourTurn,
      );
      expect(
        await refused(a, 'darts:throw', { matchId, hit: { ring: 'double', number: 25 } }),
      ).toBe(MinigameText.invalidHit);

      const { hits } = winningGame('around-the-clock', 1);
      let last: DartsMatch | undefined;
      for (const hit of hits) {
        const turn = last?.game?.current ?? 0;
        const thrower = turn === 0 ? a : b;
        const other = turn === 0 ? b : a;
        if (hit === hits[0]) {
          expect(await refused(other, 'darts:throw', { matchId, hit })).toBe(
            MinigameText.notYourTurn,
          );
        }
        last = await ok<DartsMatch>(ask(thrower.socket, 'darts:throw', { matchId, hit }));
      }
      expect(last?.status).toBe('finished');
      expect(last?.game?.winner).toBe(1);
      // Both players heard every state; the last one says who won.
      const n = hits.length;
      for (const c of [a, b]) {
        const final = await c.wait('darts:state', (s) => s.game?.throws.length === n);
        expect(final.status).toBe('finished');
      }
      expect(await watcher.wait('minigame:winner', (w) => w.username === guest.name)).toEqual({
        username: guest.name,
        mode: 'around-the-clock',
      });
      expect(await refused(b, 'darts:throw', { matchId, hit: MISS })).toBe(MinigameText.notPlaying);
      expect(await board('around-the-clock')).toContainEqual({
        username: guest.name,
        wins: 1,
        best: 21,
      });
    });

    it('refuses guests and strangers, and lets a player leave', async () => {
      const [p, q, r] = [await person('pp'), await person('qq'), await person('rr')];
      const guest = await client(await guestToken());
      expect(
        (await ask(guest.socket, 'darts:invite', { username: p.name, mode: '501' })).status,
      ).toBe(false);
      const [cp, cq, cr] = [await client(p), await client(q), await client(r)];
      const match = await ok<DartsMatch>(
        ask(cp.socket, 'darts:invite', { username: q.name, mode: '501' }),
      );
      await ok(ask(cq.socket, 'darts:answer', { matchId: match.matchId, accept: true }));
      const stranger = await ask(cr.socket, 'darts:throw', { matchId: match.matchId, hit: MISS });
      expect(stranger).toEqual({ status: false, message: MinigameText.notYourMatch });
      expect(await ok(ask(cq.socket, 'darts:leave', { matchId: match.matchId }))).toEqual({
        left: true,
      });
      expect(await cp.wait('darts:state', (s) => s.status === 'left')).toMatchObject({
        matchId: match.matchId,
      });
      const declined = await ok<DartsMatch>(
        ask(cp.socket, 'darts:invite', { username: q.name, mode: '501' }),
      );
      await ok(ask(cq.socket, 'darts:answer', { matchId: declined.matchId, accept: false }));
      // An invitation waits two minutes for its answer.
      const old = await ok<DartsMatch>(
        ask(cp.socket, 'darts:invite', { username: q.name, mode: '501' }),
      );
      await database.db
        .update(dartsMatches)
        .set({ createdAt: new Date(Date.now() - MinigameConstants.inviteTtlMs - 1000) })
        .where(eq(dartsMatches.id, old.matchId));
      expect(await ask(cq.socket, 'darts:answer', { matchId: old.matchId, accept: true })).toEqual({
        status: false,
        message: MinigameText.expired,
      });
      expect(
        await cp.wait(
          'darts:state',
          (s) => s.matchId === declined.matchId && s.status === 'declined',
        ),
      ).toBeTruthy();
    });
  });
});
