import { createHmac, randomBytes } from 'node:crypto';
import type { DartRandom } from '@atrium/protocol';

/** A game's secret: 256 random bits, kept in its row and never sent. */
export const newSeed = (): string => randomBytes(32).toString('hex');

/**
 * The uniform numbers for each dart of a game, drawn from its secret seed: dart `n` reads
 * HMAC-SHA-256(seed, "n:block") eight 32-bit words at a time. The same seed gives the same darts
 * (the game can be replayed and checked); without it, no dart can be foreseen from the ones seen.
 */
export function dartRandom(seed: string): DartRandom {
  return (index) => {
    let block = 0;
    let words = Buffer.alloc(0);
    let at = 0;
    return () => {
      if (at >= words.length) {
        words = createHmac('sha256', seed).update(`${index}:${block++}`).digest();
        at = 0;
      }
      const value = words.readUInt32BE(at) / 2 ** 32;
      at += 4;
      return value;
    };
  };
}
