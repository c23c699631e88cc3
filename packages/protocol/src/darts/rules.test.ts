import { describe, expect, it } from 'vitest';
import {
  ATC_BULL,
  ATC_DONE,
  BOARD,
  DART_NUMBERS,
  DARTS_MODES,
  aimPointFor,
  applyThrow,
  hitAt,
  hitLabel,
  hitScore,
  isValidHit,
  newGame,
  replayGame,
  type Hit,
} from './rules.ts';

const at = (degreesClockwiseFromTop: number, radius: number) => {
  const a = (degreesClockwiseFromTop * Math.PI) / 180;
  return hitAt(radius * Math.sin(a), radius * Math.cos(a));
};
const S = (n: number): Hit => ({ ring: 'single', number: n });
const D = (n: number): Hit => ({ ring: 'double', number: n });
const T = (n: number): Hit => ({ ring: 'treble', number: n });
const BULL: Hit = { ring: 'bull', number: 25 };
const OUTER: Hit = { ring: 'outer-bull', number: 25 };
const MISS: Hit = { ring: 'miss', number: 0 };

describe('the dart board', () => {
  it('has every number once, 20 at the top and 3 at the bottom, 6 right and 11 left', () => {
    expect([...DART_NUMBERS].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(hitAt(0, 130)).toEqual(S(20));
    expect(hitAt(0, -130)).toEqual(S(3));
    expect(hitAt(130, 0)).toEqual(S(6));
    expect(hitAt(-130, 0)).toEqual(S(11));
  });

  it('finds every segment in every ring (inner single, treble, outer single, double) and its edges', () => {
    DART_NUMBERS.forEach((n, i) => {
      const centre = i * 18;
      for (const angle of [centre, centre - 8.5, centre + 8.5]) {
        expect(at(angle, 50)).toEqual(S(n));
        expect(at(angle, 103)).toEqual(T(n));
        expect(at(angle, 130)).toEqual(S(n));
        expect(at(angle, 166)).toEqual(D(n));
        expect(at(angle, 175)).toEqual(MISS);
      }
      // Across the radial wire clockwise lies the next number.
      expect(at(centre + 9.5, 130)).toEqual(S(DART_NUMBERS[(i + 1) % 20]!));
      expect(at(centre - 9.5, 130)).toEqual(S(DART_NUMBERS[(i + 19) % 20]!));
      // Either side of the ring wires.
      expect(at(centre, BOARD.trebleInner - 0.01)).toEqual(S(n));
      expect(at(centre, BOARD.trebleInner + 0.001)).toEqual(T(n));
      expect(at(centre, BOARD.trebleOuter - 0.001)).toEqual(T(n));
      expect(at(centre, BOARD.trebleOuter + 0.01)).toEqual(S(n));
      expect(at(centre, BOARD.doubleInner - 0.01)).toEqual(S(n));
      expect(at(centre, BOARD.doubleInner + 0.001)).toEqual(D(n));
      expect(at(centre, BOARD.doubleOuter - 0.001)).toEqual(D(n));
      expect(at(centre, BOARD.doubleOuter + 0.01)).toEqual(MISS);
      expect(at(centre, BOARD.outerBull + 0.01)).toEqual(S(n));
    });
  });

  it('finds the two bulls and a miss for nonsense', () => {
    expect(hitAt(0, 0)).toEqual(BULL);
    expect(at(45, BOARD.bull - 0.001)).toEqual(BULL);
    expect(hitAt(0, BOARD.bull)).toEqual(BULL);
    expect(hitAt(0, BOARD.doubleOuter)).toEqual(D(20));
    expect(hitAt(0, BOARD.trebleInner)).toEqual(T(20));
    expect(at(45, BOARD.bull + 0.01)).toEqual(OUTER);
    expect(at(200, BOARD.outerBull - 0.001)).toEqual(OUTER);
    expect(hitAt(Number.NaN, 0)).toEqual(MISS);
    expect(hitAt(Infinity, 0)).toEqual(MISS);
    expect(hitAt(1000, -1000)).toEqual(MISS);
  });

  it('aims at the centre of the segment it is asked for', () => {
    const wanted: Hit[] = [BULL, OUTER, ...DART_NUMBERS.flatMap((n) => [S(n), D(n), T(n)])];
    for (const hit of wanted) {
      const p = aimPointFor(hit);
      expect(hitAt(p.x, p.y)).toEqual(hit);
    }
    const miss = aimPointFor(MISS);
    expect(hitAt(miss.x, miss.y)).toEqual(MISS);
  });

  it('scores and labels hits', () => {
    expect(hitScore(S(5))).toBe(5);
    expect(hitScore(D(16))).toBe(32);
    expect(hitScore(T(20))).toBe(60);
    expect(hitScore(OUTER)).toBe(25);
    expect(hitScore(BULL)).toBe(50);
    expect(hitScore(MISS)).toBe(0);
    expect([T(20), D(16), S(5), BULL, OUTER, MISS].map(hitLabel)).toEqual([
      'T20',
      'D16',
      '5',
      'Bull',
      '25',
      'Miss',
    ]);
  });

  it('knows which hits exist on a real board', () => {
    for (const n of DART_NUMBERS)
      for (const h of [S(n), D(n), T(n)]) expect(isValidHit(h)).toBe(true);
    for (const h of [BULL, OUTER, MISS]) expect(isValidHit(h)).toBe(true);
    const impossible = [
      T(25),
      D(25),
      S(25),
      S(0),
      S(21),
      T(1.5),
      { ring: 'bull', number: 50 },
      { ring: 'outer-bull', number: 20 },
      { ring: 'miss', number: 3 },
      { ring: 'quad', number: 20 },
      { ring: 'single', number: '20' },
      null,
    ];
    for (const h of impossible) expect(isValidHit(h as Hit)).toBe(false);
  });
});

describe('501, double out', () => {
  it('starts at 501 for everyone, player 0 to throw', () => {
    const g = newGame('501', ['Ann', 'Bob']);
    expect(g.players).toEqual([
      { name: 'Ann', remaining: 501, target: 0 },
      { name: 'Bob', remaining: 501, target: 0 },
    ]);
    expect(g.current).toBe(0);
    expect(g.turnStartRemaining).toBe(501);
    expect(g.winner).toBeNull();
    expect(DARTS_MODES).toEqual(['501', 'around-the-clock']);
    expect(() => newGame('301' as never, ['a'])).toThrow();
    expect(() => newGame('501', [])).toThrow();
  });

  it('subtracts, passes the turn after three darts and does not mutate', () => {
    const g0 = newGame('501', ['Ann', 'Bob']);
    const g1 = applyThrow(g0, T(20));
    expect(g0.players[0]!.remaining).toBe(501);
    expect(g0.throws).toEqual([]);
    expect(g1.players[0]!.remaining).toBe(441);
    expect(g1.dartsInTurn).toEqual([T(20)]);
    const g3 = applyThrow(applyThrow(g1, T(20)), S(1));
    expect(g3.players[0]!.remaining).toBe(380);
    expect(g3.current).toBe(1);
    expect(g3.dartsInTurn).toEqual([]);
    expect(g3.turnStartRemaining).toBe(501);
    expect(g3.throws.map((t) => t.player)).toEqual([0, 0, 0]);
    const g4 = applyThrow(g3, MISS);
    expect(g4.players[1]!.remaining).toBe(501);
    expect(g4.throws.at(-1)).toEqual({ player: 1, hit: MISS });
  });

  it('busts below zero, on exactly one and on zero without a double, restoring the turn start', () => {
    // Ann: 180 + 180 = 360 → 141 left; Bob misses.
    const base = replayGame(
      '501',
      ['Ann', 'Bob'],
      [T(20), T(20), T(20), MISS, MISS, MISS, T(20), T(20), T(20), MISS, MISS, MISS],
    );
    expect(base.players[0]!.remaining).toBe(141);
    expect(base.current).toBe(0);
    expect(base.turnStartRemaining).toBe(141);
    // Below zero on the second dart: T20 → 81, then T20 → 21, then T19 → -36 bust.
    const below = [T(20), T(20), T(19)].reduce(applyThrow, base);
    expect(below.players[0]!.remaining).toBe(141);
    expect(below.current).toBe(1);
    expect(below.dartsInTurn).toEqual([]);
    // A bust ends the turn at once, even on the first dart.
    const early = applyThrow(
      {
        ...base,
        players: [{ ...base.players[0]!, remaining: 10 }, base.players[1]!],
        turnStartRemaining: 10,
      },
      T(20),
    );
    expect(early.players[0]!.remaining).toBe(10);
    expect(early.current).toBe(1);
    // Exactly one left.
    const one = [T(20), T(20), S(20)].reduce(applyThrow, base); // 141-60-60-20 = 1
    expect(one.players[0]!.remaining).toBe(141);
    expect(one.current).toBe(1);
    // Zero on a single or a treble or the outer bull.
    const g40 = [T(20), T(20)].reduce(applyThrow, base); // 21 left, one dart to go
    expect(g40.players[0]!.remaining).toBe(21);
    const zeroOnTreble = applyThrow(g40, T(7)); // 21 → 0, but not on a double
    expect(zeroOnTreble.players[0]!.remaining).toBe(141);
    expect(zeroOnTreble.winner).toBeNull();
    const twenty = applyThrow(g40, S(1));
    expect(twenty.current).toBe(1); // third dart: turn over at 20
    expect(twenty.players[0]!.remaining).toBe(20);
  });

  it('finishes only on a double or the bull', () => {
    const on = (remaining: number) => {
      const g = newGame('501', ['Ann', 'Bob']);
      return {
        ...g,
        players: [{ ...g.players[0]!, remaining }, g.players[1]!],
        turnStartRemaining: remaining,
      };
    };
    expect(applyThrow(on(32), D(16)).winner).toBe(0);
    expect(applyThrow(on(32), D(16)).players[0]!.remaining).toBe(0);
    expect(applyThrow(on(50), BULL).winner).toBe(0);
    expect(applyThrow(on(25), OUTER).winner).toBeNull();
    expect(applyThrow(on(25), OUTER).players[0]!.remaining).toBe(25);
    expect(applyThrow(on(60), T(20)).winner).toBeNull();
    expect(applyThrow(on(60), T(20)).players[0]!.remaining).toBe(60);
    expect(applyThrow(on(16), S(16)).winner).toBeNull();
    expect(applyThrow(on(16), S(16)).current).toBe(1);
    // Two darts: S8 → 8 then D4.
    const two = applyThrow(applyThrow(on(16), S(8)), D(4));
    expect(two.winner).toBe(0);
    expect(two.dartsInTurn).toEqual([S(8), D(4)]);
    // No throws after the winner.
    expect(applyThrow(two, T(20))).toBe(two);
  });

  it('plays a full nine-darter through replay', () => {
    const g = replayGame(
      '501',
      ['Ann'],
      [T(20), T(20), T(20), T(20), T(20), T(20), T(20), T(19), D(12)],
    );
    expect(g.winner).toBe(0);
    expect(g.throws).toHaveLength(9);
    expect(() =>
      replayGame(
        '501',
        ['Ann'],
        [T(20), T(20), T(20), T(20), T(20), T(20), T(20), T(19), D(12), S(1)],
      ),
    ).toThrow(/after/);
    expect(() => replayGame('501', ['Ann'], [T(25)])).toThrow();
  });
});

describe('Around the Clock', () => {
  it('hits 1..20 in order, any ring once, then the bull', () => {
    let g = newGame('around-the-clock', ['Ann']);
    expect(g.players[0]).toEqual({ name: 'Ann', remaining: 0, target: 1 });
    g = applyThrow(g, S(2)); // not the target
    expect(g.players[0]!.target).toBe(1);
    g = applyThrow(g, T(1)); // a treble counts once
    expect(g.players[0]!.target).toBe(2);
    g = applyThrow(g, D(2));
    expect(g.players[0]!.target).toBe(3);
    expect(g.current).toBe(0); // alone: the turn passes back to the same player
    expect(g.dartsInTurn).toEqual([]);
    for (let n = 3; n <= 20; n++) g = applyThrow(g, S(n));
    expect(g.players[0]!.target).toBe(ATC_BULL);
    g = applyThrow(g, S(20)); // 20 again does nothing
    g = applyThrow(g, MISS);
    expect(g.players[0]!.target).toBe(ATC_BULL);
    expect(g.winner).toBeNull();
    g = applyThrow(g, OUTER);
    expect(g.players[0]!.target).toBe(ATC_DONE);
    expect(g.winner).toBe(0);
  });

  it('the bull before 20 does not count; first to the bull after 20 wins', () => {
    const g = applyThrow(newGame('around-the-clock', ['Ann', 'Bob']), BULL);
    expect(g.players[0]!.target).toBe(1);
    const hits: Hit[] = [];
    // Ann hits every target with all three darts; Bob misses everything.
    for (let n = 1; n <= 21; n += 3) {
      const turn = [n, n + 1, n + 2].map((t) => (t <= 20 ? S(t) : BULL));
      hits.push(...turn, MISS, MISS, MISS);
    }
    // 1..21 in turns of three: 7 turns of Ann (the last has 19, 20, Bull).
    const end = replayGame('around-the-clock', ['Ann', 'Bob'], hits.slice(0, -3));
    expect(end.winner).toBe(0);
    expect(end.players[1]!.target).toBe(1);
    expect(() => replayGame('around-the-clock', ['Ann', 'Bob'], hits)).toThrow(/after/);
  });
});
