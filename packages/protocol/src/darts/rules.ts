/**
 * Darts rules (issue 17): board geometry, scoring and the two game modes.
 *
 * Pure TypeScript with no imports so the web client (the game) and the server (which plays every
 * dart of a game itself, see `throw.ts`) run exactly the same code.
 */

/** The numbers of the twenty segments, clockwise from the top. */
export const DART_NUMBERS = [
  20, 1, 18, 4, 13, 6, 10, 15, 2, 17, 3, 19, 7, 16, 8, 11, 14, 9, 12, 5,
] as const;

export type Ring = 'miss' | 'single' | 'double' | 'treble' | 'outer-bull' | 'bull';

/** number 1..20; 25 for both bulls; 0 for a miss. */
export interface Hit {
  ring: Ring;
  number: number;
}

/** A point on the board in millimetres from the centre, x to the right, y UP. */
export interface BoardPoint {
  x: number;
  y: number;
}

/**
 * Board geometry in millimetres from the centre (standard board): bull 6.35, outer bull 15.9,
 * treble 99–107, double 162–170 (radius). x to the right, y UP, in mm.
 */
export const BOARD = {
  bull: 6.35,
  outerBull: 15.9,
  trebleInner: 99,
  trebleOuter: 107,
  doubleInner: 162,
  doubleOuter: 170,
} as const;

/** Width of one numbered segment in degrees. */
export const SEGMENT_DEGREES = 360 / DART_NUMBERS.length;

/**
 * The segment under a point (mm, y up). A point exactly on a wire counts for the inner field
 * (the ring boundaries are inclusive outward: r = 170 is still a double, r = 6.35 still the bull);
 * a point on a radial wire goes to the segment clockwise of it.
 */
export function hitAt(x: number, y: number): Hit {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return { ring: 'miss', number: 0 };
  const r = Math.hypot(x, y);
  if (r <= BOARD.bull) return { ring: 'bull', number: 25 };
  if (r <= BOARD.outerBull) return { ring: 'outer-bull', number: 25 };
  if (r > BOARD.doubleOuter) return { ring: 'miss', number: 0 };
  // Angle clockwise from the top, in degrees 0..360; segment 0 (the 20) spans -9°..+9°.
  const degrees = (Math.atan2(x, y) * 180) / Math.PI;
  const shifted = (((degrees + SEGMENT_DEGREES / 2) % 360) + 360) % 360;
  const index = Math.floor(shifted / SEGMENT_DEGREES) % DART_NUMBERS.length;
  const number = DART_NUMBERS[index]!;
  if (r >= BOARD.trebleInner && r <= BOARD.trebleOuter) return { ring: 'treble', number };
  if (r >= BOARD.doubleInner) return { ring: 'double', number };
  return { ring: 'single', number };
}

/** single n, double 2n, treble 3n, outer bull 25, bull 50, miss 0. */
export function hitScore(hit: Hit): number {
  switch (hit.ring) {
    case 'miss':
      return 0;
    case 'single':
      return hit.number;
    case 'double':
      return hit.number * 2;
    case 'treble':
      return hit.number * 3;
    case 'outer-bull':
      return 25;
    case 'bull':
      return 50;
  }
}

/** 'T20', 'D16', '5', 'Bull', '25', 'Miss'. */
export function hitLabel(hit: Hit): string {
  switch (hit.ring) {
    case 'miss':
      return 'Miss';
    case 'single':
      return String(hit.number);
    case 'double':
      return `D${hit.number}`;
    case 'treble':
      return `T${hit.number}`;
    case 'outer-bull':
      return '25';
    case 'bull':
      return 'Bull';
  }
}

/** True for a Hit that exists on a real board (e.g. treble 25 does not; number 0 only with 'miss'). */
export function isValidHit(hit: Hit): boolean {
  if (hit === null || typeof hit !== 'object') return false;
  const { ring, number } = hit;
  if (typeof number !== 'number' || !Number.isInteger(number)) return false;
  switch (ring) {
    case 'miss':
      return number === 0;
    case 'single':
    case 'double':
    case 'treble':
      return number >= 1 && number <= 20;
    case 'outer-bull':
    case 'bull':
      return number === 25;
    default:
      return false;
  }
}

/** The centre of a segment (mm, y up): where a player who wants that hit aims. */
export function aimPointFor(hit: Hit): BoardPoint {
  if (hit.ring === 'miss') return { x: 0, y: BOARD.doubleOuter + 40 };
  if (hit.ring === 'bull' || hit.ring === 'outer-bull') {
    return hit.ring === 'bull' ? { x: 0, y: 0 } : { x: 0, y: (BOARD.bull + BOARD.outerBull) / 2 };
  }
  const index = DART_NUMBERS.indexOf(hit.number as (typeof DART_NUMBERS)[number]);
  const radius =
    hit.ring === 'treble'
      ? (BOARD.trebleInner + BOARD.trebleOuter) / 2
      : hit.ring === 'double'
        ? (BOARD.doubleInner + BOARD.doubleOuter) / 2
        : // the big single field between the treble and the double
          (BOARD.trebleOuter + BOARD.doubleInner) / 2;
  const angle = (index * SEGMENT_DEGREES * Math.PI) / 180;
  return { x: radius * Math.sin(angle), y: radius * Math.cos(angle) };
}

export type DartsMode = '501' | 'around-the-clock';
export const DARTS_MODES: readonly DartsMode[] = ['501', 'around-the-clock'];

/** Around the Clock: the target after 20 is the bull (25); 26 means done. */
export const ATC_BULL = 25;
export const ATC_DONE = 26;
export const X01_START = 501;
export const DARTS_PER_TURN = 3;

export interface DartsPlayerState {
  name: string;
  /** 501: points left (0 in Around the Clock). */
  remaining: number;
  /** Around the Clock: 1..20 then 25, 26 = done (0 in 501). */
  target: number;
}

export interface DartsGame {
  mode: DartsMode;
  players: DartsPlayerState[];
  /** Index of the player to throw. */
  current: number;
  /** Darts thrown so far in the current turn (0..3); emptied when the turn passes. */
  dartsInTurn: Hit[];
  /** For the 501 bust rollback: the current player's remaining at the start of the turn. */
  turnStartRemaining: number;
  /** Index, once finished. */
  winner: number | null;
  /** Every dart, in order, with where it landed when the server threw or placed it. */
  throws: { player: number; hit: Hit; at?: BoardPoint }[];
}

export function newGame(mode: DartsMode, playerNames: string[]): DartsGame {
  if (!DARTS_MODES.includes(mode)) throw new Error(`Unknown darts mode: ${String(mode)}`);
  if (playerNames.length < 1) throw new Error('A darts game needs at least one player');
  const players = playerNames.map((name) => ({
    name,
    remaining: mode === '501' ? X01_START : 0,
    target: mode === 'around-the-clock' ? 1 : 0,
  }));
  return {
    mode,
    players,
    current: 0,
    dartsInTurn: [],
    turnStartRemaining: players[0]!.remaining,
    winner: null,
    throws: [],
  };
}

/** The next player's turn starts: empty turn, their remaining as the bust rollback point. */
function passTurn(game: DartsGame): DartsGame {
  const current = (game.current + 1) % game.players.length;
  return {
    ...game,
    current,
    dartsInTurn: [],
    turnStartRemaining: game.players[current]!.remaining,
  };
}

/**
 * Apply one dart; returns a NEW state (does not mutate). 501: double-out (finish on a double or the bull);
 * a bust (below 0, exactly 1, or 0 not on a double) ends the turn and restores turnStartRemaining.
 * Around the Clock: hit 1,2,…,20 in order (any ring of the target counts once), then the bull (outer or inner);
 * first to hit the bull after 20 wins. Three darts per turn, then the next player.
 * No throws after a winner: a dart after the game is over returns the same state unchanged
 * (replayGame throws instead). An impossible hit (see isValidHit) throws an Error.
 */
export function applyThrow(game: DartsGame, hit: Hit): DartsGame {
  if (game.winner !== null) return game;
  if (!isValidHit(hit)) throw new Error(`Not a hit on a dart board: ${JSON.stringify(hit)}`);
  const dart: Hit = { ring: hit.ring, number: hit.number };
  const index = game.current;
  const player = game.players[index]!;
  const throws = [...game.throws, { player: index, hit: dart }];
  const dartsInTurn = [...game.dartsInTurn, dart];

  if (game.mode === '501') {
    const left = player.remaining - hitScore(dart);
    const finishingDart = dart.ring === 'double' || dart.ring === 'bull';
    if (left < 0 || left === 1 || (left === 0 && !finishingDart)) {
      // Bust: the turn ends and the score goes back to where the turn started.
      const players = game.players.map((p, i) =>
        i === index ? { ...p, remaining: game.turnStartRemaining } : p,
      );
      return passTurn({ ...game, players, throws, dartsInTurn });
    }
    const players = game.players.map((p, i) => (i === index ? { ...p, remaining: left } : p));
    if (left === 0) return { ...game, players, throws, dartsInTurn, winner: index };
    const next = { ...game, players, throws, dartsInTurn };
    return dartsInTurn.length >= DARTS_PER_TURN ? passTurn(next) : next;
  }

  // Around the Clock.
  let target = player.target;
  if (target === ATC_BULL) {
    if (dart.ring === 'bull' || dart.ring === 'outer-bull') target = ATC_DONE;
  } else if (
    dart.number === target &&
    (dart.ring === 'single' || dart.ring === 'double' || dart.ring === 'treble')
  ) {
    target = target === 20 ? ATC_BULL : target + 1;
  }
  const players = game.players.map((p, i) => (i === index ? { ...p, target } : p));
  if (target === ATC_DONE) return { ...game, players, throws, dartsInTurn, winner: index };
  const next = { ...game, players, throws, dartsInTurn };
  return dartsInTurn.length >= DARTS_PER_TURN ? passTurn(next) : next;
}

/** Replays a list of hits from newGame and returns the final state; throws an Error on a dart after the winner
 *  (and on an impossible hit). */
export function replayGame(mode: DartsMode, playerNames: string[], hits: Hit[]): DartsGame {
  let game = newGame(mode, playerNames);
  hits.forEach((hit, i) => {
    if (game.winner !== null) throw new Error(`Dart ${i + 1} was thrown after the game was won`);
    game = applyThrow(game, hit);
  });
  return game;
}
