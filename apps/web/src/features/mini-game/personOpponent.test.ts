import {
  aimPointFor,
  hitAt,
  newGame,
  applyThrow,
  type DartsMatch,
  type Hit,
} from '@atrium/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createFakeOpen } from '../../shared/realtime/fakeSocket.ts';
import { personOpponent } from './personOpponent.ts';
import { startServerSession } from './serverSession.ts';
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
  it("sends the local dart as the hit under it, and hands over the other's darts as points", async () => {
    const { socket, fake } = connectedSocket();
    const guest = personOpponent(socket, matchAfter([]), 'u-guest');
    expect(guest.name).toBe('host');
    expect(guest.firstThrower).toBe(1);
    const pending = guest.nextDart(newGame('around-the-clock', ['guest', 'host']));
    const one: Hit = { ring: 'single', number: 1 };
    fake.fire('darts:state', matchAfter([one]));
    const point = await pending;
    expect(point).toEqual(aimPointFor(one));
    expect(hitAt(point.x, point.y)).toEqual(one);

    // The same state again (another tab, a retry) is not a second dart.
    fake.fire('darts:state', matchAfter([one]));
    const two: Hit = { ring: 'treble', number: 2 };
    fake.fire('darts:state', matchAfter([one, two]));
    expect(await guest.nextDart(newGame('around-the-clock', ['guest', 'host']))).toEqual(
      aimPointFor(two),
    );

    fake.answers.push({ status: true, data: matchAfter([one, two, { ring: 'miss', number: 0 }]) });
    guest.onLocalDart?.({ x: 0, y: 200 }, newGame('around-the-clock', ['guest', 'host']));
    // The socket client module loads on demand; the dart goes once it has.
    await expect.poll(() => fake.sent.at(-1)?.event).toBe('darts:throw');
    expect(fake.sent.at(-1)).toEqual({
      event: 'darts:throw',
      payload: { matchId: matchAfter([]).matchId, hit: { ring: 'miss', number: 0 } },
    });
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

describe('the server session of a game', () => {
  it('finishes once, after the registration, with every dart', async () => {
    let registered: (id: string) => void = () => {};
    const http: MinigameHttp = {
      register: vi.fn(() => new Promise<string>((resolve) => (registered = resolve))),
      finish: vi.fn(() =>
        Promise.resolve({ winner: 'me', isWinner: true, score: 21, stored: true, message: 'ok' }),
      ),
      leaderboard: vi.fn(),
    };
    const session = startServerSession(http, '501', { kind: 'computer', level: 2 });
    expect(http.register).toHaveBeenCalledWith('501', { kind: 'computer', level: 2 });
    const hits: Hit[] = [{ ring: 'miss', number: 0 }];
    const first = session.finish({ players: ['me', 'Computer'], hits });
    const second = session.finish({ players: ['me', 'Computer'], hits });
    expect(http.finish).not.toHaveBeenCalled();
    registered('00000000-0000-4000-8000-000000000002');
    expect(await first).toMatchObject({ isWinner: true });
    expect(await second).toMatchObject({ isWinner: true });
    expect(http.finish).toHaveBeenCalledTimes(1);
    expect(http.finish).toHaveBeenCalledWith({
      sessionId: '00000000-0000-4000-8000-000000000002',
      mode: '501',
      players: ['me', 'Computer'],
      me: 0,
      hits,
    });
  });
});
