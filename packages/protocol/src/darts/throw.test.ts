import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../testing/index.ts';
import { aimPointFor, applyThrow, hitAt, newGame, type Hit } from './rules.ts';
import {
  COMPUTER_SIGMA_MM,
  computerTarget,
  computerThrow,
  gaussian,
  placeDart,
  playAgainstComputer,
  releaseScatter,
  RELEASE_SIGMA_MM,
} from './throw.ts';

const seeded = (seed: number) => (index: number) => mulberry32(seed * 1000 + index);

describe('the release', () => {
  it('lands close to where the hand sent it, and reads the board there', () => {
    const random = mulberry32(1);
    for (let i = 0; i < 200; i++) {
      const p = releaseScatter({ x: 0, y: 103 }, random);
      expect(Math.hypot(p.x, p.y - 103)).toBeLessThan(8 * RELEASE_SIGMA_MM);
    }
    expect(Math.abs(gaussian(mulberry32(2)))).toBeLessThan(6);
    const game = placeDart(newGame('501', ['A', 'B']), { x: 0, y: 103 });
    expect(game.throws).toEqual([
      { player: 0, hit: { ring: 'treble', number: 20 }, at: { x: 0, y: 103 } },
    ]);
    expect(game.players[0]!.remaining).toBe(441);
  });
});

describe('the computer', () => {
  it('goes for T20, then the checkout double, and the ATC target', () => {
    const g = newGame('501', ['You', 'Computer']);
    expect(computerTarget(g)).toEqual({ ring: 'treble', number: 20 });
    const at = (remaining: number) => ({
      ...g,
      players: [{ ...g.players[0]!, remaining }, g.players[1]!],
    });
    expect(computerTarget(at(32))).toEqual({ ring: 'double', number: 16 });
    expect(computerTarget(at(50))).toEqual({ ring: 'bull', number: 25 });
    expect(computerTarget(at(41))).toEqual({ ring: 'single', number: 9 });
    expect(computerTarget(at(3))).toEqual({ ring: 'single', number: 1 });
    expect(computerTarget(at(100))).toEqual({ ring: 'treble', number: 20 });
    expect(computerTarget(at(97))).toEqual({ ring: 'treble', number: 19 });
    const atc = newGame('around-the-clock', ['You', 'Computer']);
    expect(computerTarget(atc)).toEqual({ ring: 'single', number: 1 });
  });

  it('scatters by level: hard hits its ATC target far more often than easy', () => {
    const rate = (level: 'easy' | 'hard') => {
      const random = mulberry32(42);
      let hits = 0;
      const game = newGame('around-the-clock', ['Computer']);
      for (let i = 0; i < 400; i++) {
        const p = computerThrow(game, level, random);
        const hit: Hit = hitAt(p.x, p.y);
        if (applyThrow(game, hit).players[0]!.target === 2) hits++;
      }
      return hits / 400;
    };
    expect(COMPUTER_SIGMA_MM.hard).toBeLessThan(COMPUTER_SIGMA_MM.easy);
    expect(rate('hard')).toBeGreaterThan(0.8);
    expect(rate('easy')).toBeLessThan(0.5);
  });

  it("answers the player's dart, then the computer's turn, until it is the player's turn again", () => {
    let game = newGame('around-the-clock', ['You', 'Computer']);
    const one = aimPointFor({ ring: 'single', number: 1 });
    game = playAgainstComputer(game, one, 'hard', seeded(1));
    expect(game.throws.map((t) => t.player)).toEqual([0]);
    game = playAgainstComputer(game, one, 'hard', seeded(1));
    game = playAgainstComputer(game, one, 'hard', seeded(1));
    // The third dart ends the turn: the computer threw three darts of its own.
    expect(game.throws.map((t) => t.player)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(game.current).toBe(0);
    for (const t of game.throws) expect(hitAt(t.at!.x, t.at!.y)).toEqual(t.hit);
  });
});
