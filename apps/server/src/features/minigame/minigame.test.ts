import {
  aimPointFor,
  applyThrow,
  computerTarget,
  hitAt,
  MinigameApi,
  MinigameConstants,
  MinigameText,
  newGame,
  RELEASE_SIGMA_MM,
} from '@atrium/protocol';
import type {
  BoardPoint,
  DartsGame,
  DartsMatch,
  DartsMode,
  Leaderboard,
  ThrownDarts,
} from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { dartsMatches, dartsSessions, users } from '../../db/schema.ts';
import { AccessTokens } from '../../security/access-tokens.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { winningGame } from '../../../test/darts.ts';
import { call, createPerson, guestToken, JWT_SECRET, openClient } from '../../../test/people.ts';
import type { Client, Person } from '../../../test/people.ts';

const START = MinigameApi.register.path;
const FINISH = MinigameApi.finish.path;
const dartsPath = (sessionId: string) => `/api/minigame/sessions/${sessionId}/darts`;
const { dartIntervalMs } = MinigameConstants;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BULL: BoardPoint = { x: 0, y: 0 };

/**
 * The server's pace clock: real time, or frozen and moved by hand where a test checks the pace,
 * so "straight after" stays straight after however slow a loaded machine answers.
 */
const clock = {
  offsetMs: 0,
  frozenAt: null as number | null,
  now: () => new Date(clock.frozenAt ?? Date.now() + clock.offsetMs),
  freeze() {
    clock.frozenAt = Date.now() + clock.offsetMs;
  },
  advance(ms: number) {
    if (clock.frozenAt === null) throw new Error('the clock is not frozen');
    clock.frozenAt += ms;
  },
  /** Runs on from where it stands (never backwards). */
  thaw() {
    if (clock.frozenAt !== null) clock.offsetMs = Math.max(0, clock.frozenAt - Date.now());
    clock.frozenAt = null;
  },
};

describe.each(testDatabaseKinds())('darts on the server (%s)', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, { JWT_SECRET }, undefined, { now: clock.now });
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
  const start = async (p: Person | string, mode: DartsMode = 'around-the-clock', level = 2) => {
    const res = await api(p, 'POST', START, { mode, opponent: { kind: 'computer', level } });
    expect(res.status).toBe(200);
    return (res.json.data as { sessionId: string }).sessionId;
  };
  const throwAt = (p: Person | string, sessionId: string, aim: BoardPoint) =>
    api(p, 'POST', dartsPath(sessionId), { aim });
  const board = async (mode: DartsMode) =>
    ((await api(null, 'GET', `/api/minigame/leaderboard/${mode}`)).json.data as Leaderboard)
      .entries;
  const row = async (sessionId: string) =>
    (await database.db.select().from(dartsSessions).where(eq(dartsSessions.id, sessionId)))[0]!;
  const entryOf = (entries: Awaited<ReturnType<typeof board>>, username: string) =>
    entries.find((e) => e.username === username);

  describe('a game against the computer', () => {
    it("is played dart by dart at a person's pace: the server lands every dart, throws the computer's, ends the game and stores its result", async () => {
      const al = await person('al');
      const watcher = await client(null);
      const sessionId = await start(al, '501', 1);
      let game: DartsGame = newGame('501', [al.name, MinigameText.computer]);
      let readyInMs: number = dartIntervalMs;
      let answer: ThrownDarts | undefined;
      while (!answer?.result) {
        await sleep(readyInMs);
        // A sensible player: T20, then the checkout.
        const aim = aimPointFor(computerTarget(game));
        const res = await throwAt(al, sessionId, aim);
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        answer = res.json.data as ThrownDarts;
        const [mine, ...computer] = answer.darts;
        // The player's dart lands within the release's scatter of the aim; the board reads it.
        expect(mine!.player).toBe(0);
        expect(Math.hypot(mine!.at!.x - aim.x, mine!.at!.y - aim.y)).toBeLessThan(
          8 * RELEASE_SIGMA_MM,
        );
        for (const dart of answer.darts) expect(hitAt(dart.at!.x, dart.at!.y)).toEqual(dart.hit);
        // When the player's turn ended (three darts, or a bust), the computer threw its turn.
        expect(computer.every((d) => d.player === 1)).toBe(true);
        expect(computer.length).toBe(
          answer.game.winner === null && answer.game.dartsInTurn.length === 0 ? 3 : 0,
        );
        // Each of the computer's darts counts as one interval before the player's next.
        expect(answer.readyInMs).toBe(dartIntervalMs * answer.darts.length);
        expect(answer.game.throws).toEqual([...game.throws, ...answer.darts]);
        game = answer.game;
        readyInMs = answer.readyInMs;
      }
      // The easy computer cannot score 501 in the turns the player needs.
      expect(game.winner).toBe(0);
      const score = game.throws.filter((t) => t.player === 0).length;
      expect(answer.result).toEqual({
        winner: al.name,
        isWinner: true,
        score,
        stored: true,
        message: MinigameText.stored,
      });
      expect(await row(sessionId)).toMatchObject({
        isWinner: true,
        darts: score,
        winnerName: al.name,
        game,
      });
      expect(entryOf(await board('501'), al.name)).toEqual({
        username: al.name,
        wins: 1,
        best: score,
      });
      expect(await watcher.wait('minigame:winner', (w) => w.username === al.name)).toEqual({
        username: al.name,
        mode: '501',
      });
      // The game is over: another dart changes nothing.
      await sleep(readyInMs);
      const after = await throwAt(al, sessionId, BULL);
      expect(after.status).toBe(409);
      expect(after.json.message).toBe(MinigameText.alreadyFinished);
      expect((await row(sessionId)).game).toEqual(game);
    }, 60_000);

    it('refuses the forged nine-darter of issue 27: nothing reaches the leaderboard or the campus', async () => {
      const bo = await person('bo');
      const watcher = await client(null);
      const sessionId = await start(bo, '501', 3);
      // The report as the member posted it: a nine-darter, every dart of the computer a miss.
      const forged = {
        sessionId,
        mode: '501',
        players: [bo.name, 'Computer'],
        hits: winningGame('501', 0).hits,
      };
      for (const [who, body] of [
        [bo, forged],
        [bo, { ...forged, score: 9, winner: 0 }],
        [null, forged],
      ] as const) {
        const res = await api(who, 'POST', FINISH, body);
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ status: false, message: MinigameText.finishGone });
      }
      expect(await row(sessionId)).toMatchObject({ finishedAt: null, isWinner: null });
      expect(((await row(sessionId)).game as DartsGame).throws).toEqual([]);
      for (const mode of ['501', 'around-the-clock'] as const) {
        expect(entryOf(await board(mode), bo.name)).toBeUndefined();
      }
      expect(watcher.seen.filter((s) => s.event === 'minigame:winner')).not.toContainEqual(
        expect.objectContaining({ payload: expect.objectContaining({ username: bo.name }) }),
      );
    });

    it("refuses darts faster than a person throws, counting each of the computer's darts", async () => {
      const cy = await person('cy');
      clock.freeze();
      onTestFinished(() => clock.thaw());
      const sessionId = await start(cy);
      const one = aimPointFor({ ring: 'single', number: 1 });
      const tooFast = async () => {
        const res = await throwAt(cy, sessionId, one);
        expect(res.status).toBe(429);
        expect(res.json).toMatchObject({ status: false, message: MinigameText.tooFast });
      };
      // The first dart straight after the start, then one straight after another.
      await tooFast();
      clock.advance(dartIntervalMs);
      expect((await throwAt(cy, sessionId, one)).status).toBe(200);
      await tooFast();
      clock.advance(dartIntervalMs);
      expect((await throwAt(cy, sessionId, one)).status).toBe(200);
      clock.advance(dartIntervalMs);
      const third = (await throwAt(cy, sessionId, one)).json.data as ThrownDarts;
      // The turn passed: the computer threw three darts, so the next dart waits four intervals.
      expect(third.darts.map((d) => d.player)).toEqual([0, 1, 1, 1]);
      expect(third.readyInMs).toBe(4 * dartIntervalMs);
      clock.advance(2 * dartIntervalMs);
      await tooFast();
      clock.advance(2 * dartIntervalMs);
      expect((await throwAt(cy, sessionId, one)).status).toBe(200);
      const game = (await row(sessionId)).game as DartsGame;
      expect(game.throws.map((t) => t.player)).toEqual([0, 0, 0, 1, 1, 1, 0]);
    }, 30_000);

    it('takes where a dart was thrown and nothing else: the client can neither say what it hit nor end the game', async () => {
      const dee = await person('dee');
      const sessionId = await start(dee);
      await sleep(dartIntervalMs);
      for (const body of [
        { aim: BULL, hit: { ring: 'bull', number: 25 } },
        { aim: BULL, winner: 0 },
        { aim: BULL, result: { isWinner: true } },
        { hit: { ring: 'bull', number: 25 } },
        { aim: { x: 1e9, y: 0 } },
        { aim: { x: 'bull', y: 0 } },
        {},
      ]) {
        const res = await api(dee, 'POST', dartsPath(sessionId), body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect(((await row(sessionId)).game as DartsGame).throws).toEqual([]);
      const finish = await api(dee, 'POST', FINISH, { sessionId });
      expect(finish.json.message).toBe(MinigameText.finishGone);
      expect((await row(sessionId)).finishedAt).toBeNull();
    });

    it('plays one game at a time per player, and only for its owner', async () => {
      const [eve, fay] = [await person('eve'), await person('fay')];
      const first = await start(eve);
      const second = await start(eve);
      await sleep(dartIntervalMs);
      const left = await throwAt(eve, first, BULL);
      expect(left.status).toBe(409);
      expect(left.json.message).toBe(MinigameText.gameLeft);
      const stranger = await throwAt(fay, second, BULL);
      expect(stranger.status).toBe(404);
      expect(stranger.json.message).toBe(MinigameText.sessionUnknown);
      expect((await api(null, 'POST', dartsPath(second), { aim: BULL })).status).toBe(401);
      expect((await throwAt(eve, second, BULL)).status).toBe(200);
    });

    it('refuses an anonymous start, a made-up level, a person as the opponent, and too many starts', async () => {
      const gil = await person('gil');
      const anonymous = await api(null, 'POST', START, {
        mode: '501',
        opponent: { kind: 'computer', level: 1 },
      });
      expect(anonymous.status).toBe(401);
      const level = await api(gil, 'POST', START, {
        mode: '501',
        opponent: { kind: 'computer', level: 4 },
      });
      expect(level.status).toBe(400);
      const personGame = await api(gil, 'POST', START, {
        mode: '501',
        opponent: { kind: 'person' },
      });
      expect(personGame.status).toBe(400);
      expect(personGame.json.message).toBe(MinigameText.personByInvitation);
      const statuses: number[] = [];
      for (let i = 0; i <= MinigameConstants.startLimit; i++) {
        const res = await api(gil, 'POST', START, {
          mode: '501',
          opponent: { kind: 'computer', level: 1 },
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.json.message).toBe(MinigameText.tooManyGames);
      }
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });

    it('lets a guest play, but keeps the win off the leaderboard and the campus, and says so', async () => {
      const guest = await guestToken('guest-play');
      const watcher = await client(null);
      const sessionId = await start(guest);
      // Skip to the end (the test's own shortcut): the guest needs only the bull.
      const almost = winningGame('around-the-clock', 0).hits.slice(0, -1);
      const game = almost.reduce(
        applyThrow,
        newGame('around-the-clock', ['guest-play', MinigameText.computer]),
      );
      await database.db
        .update(dartsSessions)
        .set({ game, readyAt: new Date(clock.now().getTime() - 1) })
        .where(eq(dartsSessions.id, sessionId));
      const res = await throwAt(guest, sessionId, BULL);
      expect((res.json.data as ThrownDarts).result).toEqual({
        winner: 'guest-play',
        isWinner: true,
        score: 21,
        stored: false,
        message: MinigameText.guestNotStored,
      });
      expect(entryOf(await board('around-the-clock'), 'guest-play')).toBeUndefined();
      expect(watcher.seen.filter((s) => s.event === 'minigame:winner')).not.toContainEqual(
        expect.objectContaining({ payload: expect.objectContaining({ username: 'guest-play' }) }),
      );
    });
  });

  describe('the leaderboard', () => {
    /** A won game as the server stores it (the test's shortcut past playing it). */
    const won = (p: Person, mode: DartsMode, darts: number) =>
      database.db.insert(dartsSessions).values({
        ownerSub: p.id,
        userId: p.id,
        username: p.name,
        mode,
        opponent: 'computer-2',
        finishedAt: new Date(),
        winnerName: p.name,
        isWinner: true,
        darts,
      });

    it('orders by wins, then the fewest darts, at most 10 rows', async () => {
      const [few, many] = [await person('few'), await person('many')];
      await won(few, 'around-the-clock', 24);
      await won(many, 'around-the-clock', 21);
      await won(many, 'around-the-clock', 24);
      const entries = await board('around-the-clock');
      expect(entries.length).toBeLessThanOrEqual(MinigameConstants.leaderboardSize);
      const names = entries.map((e) => e.username);
      expect(names.indexOf(many.name)).toBeLessThan(names.indexOf(few.name));
      expect(entries).toContainEqual({ username: many.name, wins: 2, best: 21 });
      expect(entries).toContainEqual({ username: few.name, wins: 1, best: 24 });
    });

    it('lets an admin remove an entry, and every board loads again; a member or a guest may not', async () => {
      const [cheat, member, admin] = [
        await person('cheat'),
        await person('mem'),
        await person('adm'),
      ];
      await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
      const adminToken = await new AccessTokens(JWT_SECRET).sign({
        ...admin.claims,
        role: 'admin',
      });
      await won(cheat, '501', 9);
      await won(cheat, '501', 12);
      await won(cheat, 'around-the-clock', 21);
      const watcher = await client(null);
      const path = `/api/minigame/leaderboard/501/${encodeURIComponent(cheat.name)}`;
      for (const [who, status] of [
        [member.token, 403],
        [await guestToken(), 403],
        [null, 401],
      ] as const) {
        const res = await api(who, 'DELETE', path);
        expect(res.status).toBe(status);
      }
      expect((await api(member, 'DELETE', path)).json.message).toBe(MinigameText.onlyAdmins);
      expect(entryOf(await board('501'), cheat.name)).toEqual({
        username: cheat.name,
        wins: 2,
        best: 9,
      });

      const removed = await api(adminToken, 'DELETE', path);
      expect(removed.status).toBe(200);
      expect(removed.json.data).toEqual({ mode: '501', username: cheat.name, removed: 2 });
      expect(await watcher.wait('minigame:leaderboard')).toEqual({ mode: '501' });
      expect(entryOf(await board('501'), cheat.name)).toBeUndefined();
      // The other mode keeps its entry.
      expect(entryOf(await board('around-the-clock'), cheat.name)).toMatchObject({ wins: 1 });
      const again = await api(adminToken, 'DELETE', path);
      expect(again.status).toBe(404);
      expect(again.json.message).toBe(MinigameText.noEntry);
      expect(
        (await api(adminToken, 'DELETE', '/api/minigame/leaderboard/501/nobody-here')).status,
      ).toBe(404);
    });
  });

  describe('a match between two people', () => {
    it('invites an online user, alternates turns, lands each dart itself at a pace, stores and announces the win', async () => {
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
      expect(await refused(a, 'darts:throw', { matchId, aim: BULL })).toBe(MinigameText.notPlaying);
      clock.freeze();
      onTestFinished(() => clock.thaw());
      const started = await ok<DartsMatch>(
        ask(b.socket, 'darts:answer', { matchId, accept: true }),
      );
      expect(started.status).toBe('playing');
      expect(await refused(b, 'darts:answer', { matchId, accept: true })).toBe(
        MinigameText.notPending,
      );
      // The inviter throws first; the invitee may not; nobody says what a dart hit.
      expect(await refused(b, 'darts:throw', { matchId, aim: BULL })).toBe(
        MinigameText.notYourTurn,
      );
      expect(
        (await ask(a.socket, 'darts:throw', { matchId, hit: { ring: 'bull', number: 25 } })).status,
      ).toBe(false);
      // Not faster than a person throws.
      expect(await refused(a, 'darts:throw', { matchId, aim: BULL })).toBe(MinigameText.tooFast);
      clock.advance(dartIntervalMs);
      const one = aimPointFor({ ring: 'single', number: 1 });
      const first = await ok<DartsMatch>(ask(a.socket, 'darts:throw', { matchId, aim: one }));
      const landed = first.game!.throws[0]!;
      expect(landed.player).toBe(0);
      expect(hitAt(landed.at!.x, landed.at!.y)).toEqual(landed.hit);
      expect(Math.hypot(landed.at!.x - one.x, landed.at!.y - one.y)).toBeLessThan(
        8 * RELEASE_SIGMA_MM,
      );
      expect(await refused(a, 'darts:throw', { matchId, aim: one })).toBe(MinigameText.tooFast);

      // Skip to the guest's last dart (the test's own shortcut): the bull wins it.
      const almost = winningGame('around-the-clock', 1).hits.slice(0, -1);
      const game = almost.reduce(applyThrow, newGame('around-the-clock', [host.name, guest.name]));
      await database.db
        .update(dartsMatches)
        .set({ game, readyAt: new Date(clock.now().getTime() - 1) })
        .where(eq(dartsMatches.id, matchId));
      const last = await ok<DartsMatch>(ask(b.socket, 'darts:throw', { matchId, aim: BULL }));
      expect(last.status).toBe('finished');
      expect(last.game?.winner).toBe(1);
      for (const c of [a, b]) {
        const final = await c.wait('darts:state', (s) => s.status === 'finished');
        expect(final.game?.throws).toHaveLength(almost.length + 1);
      }
      expect(await watcher.wait('minigame:winner', (w) => w.username === guest.name)).toEqual({
        username: guest.name,
        mode: 'around-the-clock',
      });
      expect(await refused(b, 'darts:throw', { matchId, aim: BULL })).toBe(MinigameText.notPlaying);
      expect(entryOf(await board('around-the-clock'), guest.name)).toEqual({
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
      const stranger = await ask(cr.socket, 'darts:throw', { matchId: match.matchId, aim: BULL });
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
