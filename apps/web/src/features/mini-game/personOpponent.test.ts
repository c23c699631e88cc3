import {
  aimPointFor,
  hitAt,
  newGame,
  applyThrow,
  placeDart,
  MinigameConstants,
  type DartsMatch,
  type Hit,
  type ThrownDarts,
} from '@atrium/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createFakeOpen } from '../../shared/realtime/fakeSocket.ts';
import { mulberry32 } from '@atrium/protocol/testing';
import { practiceComputer } from './opponent.ts';
import { personOpponent } from './personOpponent.ts';
import { serverComputer } from './serverComputer.ts';
import type { MinigameHttp } from './minigameCalls.ts';

const players = [
  { userId: 'u-host', username: 'host' },
  { userId: 'u-guest', username: 'guest' },
];

/** The match as the server would tell it after `hits`. */
const matchAfter = (hits: Hit[], status: DartsMatch['status'] = 'playing'): DartsMatch => {
  let game = newGame('around-the-clock', ['host', 'guest']);
  for (const hit of hits) game = applyThrow(game, hit);
  return {
    matchId: '00000000-0000-4000-8000-000000000001',
    mode: 'around-the-clock',
    status,
    players,
    game,
  };
};

const connectedSocket = () => {
  const { open, sockets } = createFakeOpen();
  const socket = open('http://campus.test', {});
  const fake = sockets[0]!;
  fake.fire('connect');
  return { socket, fake };
};

describe('a person as the darts opponent', () => {
  it("sends where the local dart was thrown, and hands over the other's darts where they landed", async () => {
    const { socket, fake } = connectedSocket();
    const guest = personOpponent(socket, matchAfter([]), 'u-guest');
    expect(guest.name).toBe('host');
    expect(guest.firstThrower).toBe(1);
    const pending = guest.nextDart(newGame('around-the-clock', ['guest', 'host']));
    const one: Hit = { ring: 'single', number: 1 };
    fake.fire('darts:state', matchAfter([one]));
    // A dart without a spot (before issue 27) lands at its segment's centre.
    expect(await pending).toEqual({ at: aimPointFor(one), hit: one });

    // The same state again (another tab, a retry) is not a second dart.
    fake.fire('darts:state', matchAfter([one]));
    const two: Hit = { ring: 'treble', number: 2 };
    fake.fire('darts:state', matchAfter([one, two]));
    expect((await guest.nextDart(newGame('around-the-clock', ['guest', 'host']))).hit).toEqual(two);
    // The server takes the next dart one interval after the last one heard of.
    expect(guest.readyAt()).toBeGreaterThan(
      performance.now() + MinigameConstants.dartIntervalMs - 50,
    );

    // The host's third dart passes the turn. The local dart goes as where it was thrown; the
    // server's answer says where it landed.
    const three: Hit = { ring: 'miss', number: 0 };
    fake.fire('darts:state', matchAfter([one, two, three]));
    await guest.nextDart(newGame('around-the-clock', ['guest', 'host']));
    const landed = placeDart(matchAfter([one, two, three]).game!, { x: 0.5, y: 201 });
    fake.answers.push({ status: true, data: { ...matchAfter([]), game: landed } });
    const thrown = guest.throwDart(
      { x: 0, y: 200 },
      newGame('around-the-clock', ['guest', 'host']),
    );
    await expect.poll(() => fake.sent.at(-1)?.event).toBe('darts:throw');
    expect(fake.sent.at(-1)).toEqual({
      event: 'darts:throw',
      payload: { matchId: matchAfter([]).matchId, aim: { x: 0, y: 200 } },
    });
    expect(await thrown).toEqual({ at: { x: 0.5, y: 201 }, hit: { ring: 'miss', number: 0 } });
  });

  it('tells the page when the other player left, and stops listening once the match is over', () => {
    const { socket, fake } = connectedSocket();
    const refused = vi.fn();
    const host = personOpponent(socket, matchAfter([]), 'u-host', refused);
    expect(host.firstThrower).toBe(0);
    expect(fake.listeners('darts:state')).toBe(1);
    fake.fire('darts:state', matchAfter([], 'left'));
    expect(refused).toHaveBeenCalledWith('guest left the match.');
    expect(fake.listeners('darts:state')).toBe(0);
  });
});

describe('the computer on the server', () => {
  it("starts the game, sends each dart where it was thrown, and hands over the computer's darts and the result", async () => {
    let started: (id: string) => void = () => {};
    const game = newGame('501', ['me', 'Computer']);
    const t20 = { ring: 'treble', number: 20 } as const;
    const answer: ThrownDarts = {
      darts: [
        { player: 0, hit: t20, at: { x: 1, y: 103 } },
        { player: 1, hit: { ring: 'single', number: 5 }, at: { x: -30, y: 120 } },
      ],
      game,
      readyInMs: 700,
      result: { winner: 'me', isWinner: true, score: 9, stored: true, message: 'stored' },
    };
    const http: MinigameHttp = {
      register: vi.fn(() => new Promise<string>((resolve) => (started = resolve))),
      throwDart: vi.fn(() => Promise.resolve(answer)),
      leaderboard: vi.fn(),
    };
    const computer = serverComputer(http, '501', 'hard', 'Computer', { thinkMs: 0 });
    expect(http.register).toHaveBeenCalledWith('501', { kind: 'computer', level: 3 });
    const thrown = computer.throwDart({ x: 0, y: 103 }, game);
    // The dart waits for the game to start.
    expect(http.throwDart).not.toHaveBeenCalled();
    started('00000000-0000-4000-8000-000000000002');
    expect(await thrown).toEqual({ at: { x: 1, y: 103 }, hit: t20 });
    expect(http.throwDart).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000002', {
      x: 0,
      y: 103,
    });
    expect(await computer.nextDart(game)).toEqual({
      at: { x: -30, y: 120 },
      hit: { ring: 'single', number: 5 },
    });
    expect(computer.readyAt()).toBeGreaterThan(performance.now() + 600);
    expect(computer.result()).toMatchObject({ isWinner: true, message: 'stored' });
  });
});

describe('the computer in the browser (no session)', () => {
  it("lands the player's dart near its aim, then plays the computer's turn", async () => {
    const computer = practiceComputer('hard', 'Computer', { thinkMs: 0, random: mulberry32(3) });
    let game = newGame('around-the-clock', ['Guest', 'Computer']);
    const one = aimPointFor({ ring: 'single', number: 1 });
    for (let i = 0; i < 3; i++) {
      const landed = await computer.throwDart(one, game);
      expect(Math.hypot(landed.at.x - one.x, landed.at.y - one.y)).toBeLessThan(12);
      expect(hitAt(landed.at.x, landed.at.y)).toEqual(landed.hit);
      game = applyThrow(game, landed.hit);
    }
    expect(game.current).toBe(1);
    for (let i = 0; i < 3; i++) game = applyThrow(game, (await computer.nextDart(game)).hit);
    expect(game.current).toBe(0);
    expect(computer.result()).toBeNull();
  });
});
