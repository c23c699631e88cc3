import {
  DARTS_MODES,
  MinigameConstants,
  type DartsMode,
  type LeaderboardEntry,
} from '@atrium/protocol';
import {
  buildLeaderboardBoard,
  type BoardColumn,
  type LeaderboardMesh,
} from '../leaderboard-board.ts';
import type { WorldContext, WorldSystem } from '../world-context.ts';

/** Reads a mode's leaderboard; the host passes its API client's call. */
export type LoadLeaderboard = (mode: DartsMode) => Promise<readonly LeaderboardEntry[]>;

/** Where the board stands: on the plaza's west side, turned toward the arrival spot. */
export const LEADERBOARD_SPOT = { x: -7, z: 0, ry: Math.atan2(7, 8) } as const;

const MODE_TITLES: Record<DartsMode, string> = {
  '501': '501',
  'around-the-clock': 'Around the Clock',
};

export interface LeaderboardSystem extends WorldSystem {
  /** Loads both modes and redraws; never rejects (a failed load keeps the last board). */
  refresh(): Promise<void>;
  /** What the board shows now (null while loading), for tests. */
  columns(): readonly BoardColumn[] | null;
}

/**
 * Issue 17: the darts leaderboard in the plaza, the top 5 of each mode, drawn on a canvas
 * texture. It loads when the world starts and again on every `minigame:winner` and
 * `minigame:leaderboard` (an entry removed).
 */
export const createLeaderboardSystem = (
  ctx: Pick<WorldContext, 'worldId' | 'scene' | 'transport' | 'disposed'>,
  load: LoadLeaderboard | undefined,
  build: typeof buildLeaderboardBoard = buildLeaderboardBoard,
): LeaderboardSystem => {
  // Only the campus has the plaza, and only a host that can read the board gets one.
  const board: LeaderboardMesh | null =
    load && ctx.worldId === 'campus' ? build(LEADERBOARD_SPOT) : null;
  let shown: readonly BoardColumn[] | null = null;
  let loading: Promise<void> | null = null;
  let again = false;
  if (board) {
    ctx.scene.add(board.group);
    board.draw(null);
  }

  const loadOnce = async () => {
    if (!load || !board) return;
    try {
      const columns = await Promise.all(
        DARTS_MODES.map(async (mode) => ({
          mode,
          title: MODE_TITLES[mode],
          entries: (await load(mode)).slice(0, MinigameConstants.boardSize),
        })),
      );
      if (ctx.disposed()) return;
      shown = columns;
      board.draw(columns);
    } catch (err) {
      console.warn('Could not load the darts leaderboard', err);
    }
  };

  /** One load at a time; a winner announced meanwhile loads once more afterwards. */
  const refresh = (): Promise<void> => {
    if (loading) {
      again = true;
      return loading;
    }
    loading = loadOnce().then((): Promise<void> | undefined => {
      loading = null;
      if (!again || ctx.disposed()) return undefined;
      again = false;
      return refresh();
    });
    return loading;
  };

  // A win, or an entry an admin removed (issue 27).
  const offs = board
    ? [
        ctx.transport.on('minigame:winner', () => void refresh()),
        ctx.transport.on('minigame:leaderboard', () => void refresh()),
      ]
    : [];
  if (board) void refresh();

  return {
    name: 'leaderboard',
    refresh,
    columns: () => shown,
    dispose() {
      for (const off of offs) off();
      if (board) {
        ctx.scene.remove(board.group);
        board.dispose();
      }
    },
  };
};
