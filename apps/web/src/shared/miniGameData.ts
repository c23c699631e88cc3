import { browserStorage, type StorageLike } from './browserStorage.ts';

/**
 * SPEC §3 "Mini-game data (local)": what the mini-game (in the game-collection frame) and the
 * metaverse page share through localStorage (same origin). The flow of SPEC §4 is registered →
 * finished → the metaverse notified once: the game writes the first two, the metaverse page polls
 * (every 1000 ms while the modal is open) and sets `notified_to_metaverse_gallery`.
 */
export const MiniGameKey = {
  initialized: 'initialized',
  username: 'username',
  winner: 'winner',
  finished: 'finished',
  isGuest: 'is_guest',
  notified: 'notified_to_metaverse_gallery',
} as const;

/** SPEC §9: the metaverse polls the mini-game data every 1000 ms. */
export const MINI_GAME_POLL_MS = 1000;

export interface MiniGameData {
  initialized: boolean;
  username: string;
  winner: boolean;
  finished: boolean;
  /** SPEC §5: true only when the stored value is exactly '1'. */
  isGuest: boolean;
  notified: boolean;
}

const flag = (value: boolean) => (value ? '1' : '0');

/** Reads the mini-game data; missing values read as false / ''. */
export function readMiniGameData(storage: StorageLike | null = browserStorage()): MiniGameData {
  const get = (key: string) => storage?.getItem(key) ?? null;
  return {
    initialized: get(MiniGameKey.initialized) === '1',
    username: get(MiniGameKey.username) ?? '',
    winner: get(MiniGameKey.winner) === '1',
    finished: get(MiniGameKey.finished) === '1',
    isGuest: get(MiniGameKey.isGuest) === '1',
    notified: get(MiniGameKey.notified) === '1',
  };
}

/** A new game: registered, not finished, not yet told to the metaverse. */
export function registerMiniGame(
  player: { username: string; isGuest: boolean },
  storage: StorageLike | null = browserStorage(),
): void {
  if (!storage) return;
  storage.setItem(MiniGameKey.initialized, '1');
  storage.setItem(MiniGameKey.username, player.username);
  storage.setItem(MiniGameKey.isGuest, flag(player.isGuest));
  storage.setItem(MiniGameKey.winner, '0');
  storage.setItem(MiniGameKey.finished, '0');
  storage.setItem(MiniGameKey.notified, '0');
}

/** SPEC §4: a game registered and not finished is in progress (the home page continues it). */
export function miniGameInProgress(data: MiniGameData = readMiniGameData()): boolean {
  return data.initialized && !data.finished;
}

/** A game left unfinished (its modal closed, or the player chose not to continue) is dropped. */
export function abandonMiniGame(storage: StorageLike | null = browserStorage()): void {
  if (!storage || !miniGameInProgress(readMiniGameData(storage))) return;
  storage.setItem(MiniGameKey.initialized, '0');
}

/** The game ended; `winner` is whether this browser's player won. */
export function finishMiniGame(
  winner: boolean,
  storage: StorageLike | null = browserStorage(),
): void {
  if (!storage) return;
  storage.setItem(MiniGameKey.winner, flag(winner));
  storage.setItem(MiniGameKey.finished, '1');
}

/**
 * For the metaverse's poll: the result to report if the game finished and nobody has reported it
 * yet; marks it reported at once, so a result is reported once however often this runs.
 */
export function takeUnreportedResult(
  storage: StorageLike | null = browserStorage(),
): MiniGameReport | null {
  const data = readMiniGameData(storage);
  if (!storage || !data.initialized || !data.finished || data.notified) return null;
  storage.setItem(MiniGameKey.notified, '1');
  return { username: data.username, isWinner: data.winner };
}

/** What the metaverse tells the world about a finished game. */
export interface MiniGameReport {
  username: string;
  isWinner: boolean;
}

declare global {
  interface Window {
    /** Every report made to the world, kept only with `?test-hook=1` (e2e counts them). */
    __miniGameReports?: MiniGameReport[];
  }
}
