import type { DartsMode, LeaderboardEntry } from '@atrium/protocol';
import * as THREE from 'three';
import { describe, expect, it, vi } from 'vitest';
import type { BoardColumn } from '../leaderboard-board.ts';
import { createFakeContext } from './fake-context.ts';
import { createLeaderboardSystem, LEADERBOARD_SPOT } from './leaderboard.ts';

const entries = (n: number, prefix: string): LeaderboardEntry[] =>
  Array.from({ length: n }, (_, i) => ({ username: `${prefix}${i}`, wins: 10 - i, best: 9 + i }));

/** A board that records what it was asked to draw instead of painting a canvas. */
const fakeBoard = () => {
  const drawn: (readonly BoardColumn[] | null)[] = [];
  const group = new THREE.Group();
  group.name = 'darts-leaderboard';
  return {
    drawn,
    build: (at: { x: number; z: number; ry: number }) => {
      group.position.set(at.x, 0, at.z);
      return {
        group,
        draw: (c: readonly BoardColumn[] | null) => void drawn.push(c),
        dispose: vi.fn(),
      };
    },
  };
};

describe('plaza leaderboard system', () => {
  it('shows the top 5 of each mode and loads again when a winner is announced', async () => {
    const ctx = createFakeContext();
    let rows = 7;
    const load = vi.fn((mode: DartsMode) => Promise.resolve(entries(rows, mode)));
    const board = fakeBoard();
    const system = createLeaderboardSystem(ctx, load, board.build);
    expect(ctx.scene.getObjectByName('darts-leaderboard')?.position.x).toBe(LEADERBOARD_SPOT.x);
    expect(board.drawn[0]).toBeNull();
    await system.refresh();
    expect(system.columns()?.map((c) => [c.mode, c.entries.length])).toEqual([
      ['501', 5],
      ['around-the-clock', 5],
    ]);
    expect(system.columns()?.[0]?.entries[0]).toEqual({ username: '5010', wins: 10, best: 9 });

    rows = 1;
    load.mockClear();
    ctx.transport.serve('minigame:winner', { username: 'al', mode: '501' });
    await vi.waitFor(() => expect(system.columns()?.[0]?.entries).toHaveLength(1));
    expect(load).toHaveBeenCalledTimes(2);

    // An admin removed an entry: the board loads again too.
    rows = 0;
    ctx.transport.serve('minigame:leaderboard', { mode: '501' });
    await vi.waitFor(() => expect(system.columns()?.[0]?.entries).toHaveLength(0));

    system.dispose?.();
    expect(ctx.scene.getObjectByName('darts-leaderboard')).toBeUndefined();
    expect(ctx.transport.listenerCount()).toBe(0);
  });

  it('keeps the last board when a load fails, and has no board without a loader', async () => {
    const ctx = createFakeContext();
    const load = vi
      .fn<(mode: DartsMode) => Promise<LeaderboardEntry[]>>()
      .mockResolvedValueOnce(entries(2, 'a'))
      .mockResolvedValueOnce(entries(2, 'b'))
      .mockRejectedValue(new Error('offline'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const system = createLeaderboardSystem(ctx, load, fakeBoard().build);
    await system.refresh();
    const before = system.columns();
    await system.refresh();
    expect(system.columns()).toBe(before);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();

    const bare = createFakeContext();
    createLeaderboardSystem(bare, undefined, fakeBoard().build);
    expect(bare.scene.getObjectByName('darts-leaderboard')).toBeUndefined();
    expect(bare.transport.listenerCount()).toBe(0);
  });
});
