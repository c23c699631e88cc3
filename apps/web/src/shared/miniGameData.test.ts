import { describe, expect, it } from 'vitest';
import type { StorageLike } from './browserStorage.ts';
import {
  MiniGameKey,
  abandonMiniGame,
  finishMiniGame,
  miniGameInProgress,
  readMiniGameData,
  registerMiniGame,
  takeUnreportedResult,
} from './miniGameData.ts';

const memory = (): StorageLike & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

describe('mini-game data', () => {
  it('is in progress from registration until finished or abandoned', () => {
    const s = memory();
    expect(miniGameInProgress(readMiniGameData(s))).toBe(false);
    registerMiniGame({ username: 'ann', isGuest: false }, s);
    expect(miniGameInProgress(readMiniGameData(s))).toBe(true);
    abandonMiniGame(s);
    expect(miniGameInProgress(readMiniGameData(s))).toBe(false);
    registerMiniGame({ username: 'ann', isGuest: false }, s);
    finishMiniGame(false, s);
    expect(miniGameInProgress(readMiniGameData(s))).toBe(false);
    // A finished game is left as it is, so its result is still reported.
    abandonMiniGame(s);
    expect(takeUnreportedResult(s)).toEqual({ username: 'ann', isWinner: false });
  });

  it('goes registered → finished → reported once', () => {
    const s = memory();
    expect(takeUnreportedResult(s)).toBeNull();
    registerMiniGame({ username: 'ann', isGuest: false }, s);
    expect(readMiniGameData(s)).toEqual({
      initialized: true,
      username: 'ann',
      winner: false,
      finished: false,
      isGuest: false,
      notified: false,
    });
    expect(takeUnreportedResult(s)).toBeNull();
    finishMiniGame(true, s);
    expect(takeUnreportedResult(s)).toEqual({ username: 'ann', isWinner: true });
    expect(takeUnreportedResult(s)).toBeNull();
    expect(s.map.get(MiniGameKey.notified)).toBe('1');
    // A new game starts the flow again.
    registerMiniGame({ username: 'ann', isGuest: false }, s);
    finishMiniGame(false, s);
    expect(takeUnreportedResult(s)).toEqual({ username: 'ann', isWinner: false });
  });

  it("is_guest is true only for '1'", () => {
    const s = memory();
    for (const [value, guest] of [
      ['1', true],
      ['true', false],
      ['0', false],
      ['yes', false],
      [' 1', false],
    ] as const) {
      s.setItem(MiniGameKey.isGuest, value);
      expect(readMiniGameData(s).isGuest).toBe(guest);
    }
    registerMiniGame({ username: 'guest-7', isGuest: true }, s);
    expect(s.map.get(MiniGameKey.isGuest)).toBe('1');
    expect(readMiniGameData(null).initialized).toBe(false);
  });
});
