// Darts games for the minigame tests: the darts a player throws to win in the fewest darts.
import { applyThrow, newGame } from '@atrium/protocol';
import type { DartsGame, DartsMode, Hit } from '@atrium/protocol';

export const MISS: Hit = { ring: 'miss', number: 0 };
/** 501 in nine darts: 180, 180, T20 T19 D12. */
const NINE_DARTER: Hit[] = [
  ...Array<Hit>(5).fill({ ring: 'treble', number: 20 }),
  { ring: 'treble', number: 20 },
  { ring: 'treble', number: 20 },
  { ring: 'treble', number: 19 },
  { ring: 'double', number: 12 },
];

/** The dart player `winner` throws next on the way to a win in the fewest darts. */
function winningDart(game: DartsGame, thrown: number): Hit {
  if (game.mode === '501') return NINE_DARTER[thrown] ?? MISS;
  const target = game.players[game.current]!.target;
  return target >= 25 ? { ring: 'bull', number: 25 } : { ring: 'single', number: target };
}

/**
 * Every dart of a game that player `winner` wins in the fewest darts while the other misses
 * everything: 9 darts for 501, 21 for Around the Clock.
 */
export function winningGame(mode: DartsMode, winner: 0 | 1): { hits: Hit[]; game: DartsGame } {
  let game = newGame(mode, ['a', 'b']);
  const hits: Hit[] = [];
  let thrown = 0;
  while (game.winner === null) {
    const hit = game.current === winner ? winningDart(game, thrown++) : MISS;
    hits.push(hit);
    game = applyThrow(game, hit);
  }
  return { hits, game };
}
