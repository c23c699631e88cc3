import { aimPointFor, newGame, playAgainstComputer } from '@atrium/protocol';
import type { DartsGame } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { dartRandom, newSeed } from './minigame.dart-random.ts';

/** A 501 against the hard computer, the player always aiming at T20, for `turns` turns. */
function play(seed: string, turns: number): DartsGame {
  let game = newGame('501', ['You', 'Computer']);
  const t20 = aimPointFor({ ring: 'treble', number: 20 });
  for (let i = 0; i < turns * 3 && game.winner === null; i++) {
    game = playAgainstComputer(game, t20, 'hard', dartRandom(seed));
  }
  return game;
}

describe("the server's darts", () => {
  it('are the same for the same secret seed, and others for another', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(seed);
    const game = play(seed, 4);
    const computer = game.throws.filter((t) => t.player === 1);
    expect(computer).toHaveLength(12);
    // Replayed from the seed: every dart lands on the same spot, the computer's and the player's.
    expect(play(seed, 4)).toEqual(game);
    const other = play(newSeed(), 4);
    expect(other.throws.map((t) => t.at)).not.toEqual(game.throws.map((t) => t.at));
  });

  it('draws each dart from its own stream of uniform numbers in [0, 1)', () => {
    const random = dartRandom('a-seed');
    const first = random(0);
    const values = Array.from({ length: 4000 }, () => first());
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(0.47);
    expect(mean).toBeLessThan(0.53);
    // Dart 0 reads the same numbers however often it is asked; dart 1 reads others.
    expect(random(0)()).toBe(values[0]);
    expect(random(1)()).not.toBe(values[0]);
  });
});
