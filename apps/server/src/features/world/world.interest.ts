import { WorldConstants } from '@atrium/protocol';
import type { Member } from './world.service.ts';

/**
 * Issue 30 §1: who receives whose movement in a crowded instance, in three tiers by distance.
 *
 * - **near**: the `nearCount` nearest avatars within `nearRadius`, every tick (15 Hz);
 * - **middle**: the next `middleCount` nearest within `middleRadius`, every `middleEvery`-th tick
 *   (5 Hz);
 * - **far**: everyone else, every `farEvery`-th tick (1 Hz), at most `farSample` of them, a
 *   different slice each time (a sparse sample: the crowd stays in view, slowly).
 *
 * A lower-rate tier sends each avatar that changed since that tier last went out, in its latest
 * state, so nothing is lost, only later. Viewers are staggered over the period (by their avatar
 * index), so the middle and far work of a tick is a share of the instance, not all of it at once.
 *
 * Nearness is found through a uniform grid (a spatial hash: square cells of `cell` metres keyed by
 * their integer coordinates), built once a tick, the technique of most game servers' area of
 * interest: a viewer looks only at the cells its middle radius touches, so a tick costs about
 * viewers × (avatars in those cells) instead of viewers × everyone.
 */
export interface InterestRules {
  nearCount: number;
  nearRadius: number;
  middleCount: number;
  middleRadius: number;
  middleEvery: number;
  farEvery: number;
  farSample: number;
  cell: number;
}

export const INTEREST_RULES: InterestRules = {
  nearCount: WorldConstants.interestThreshold,
  nearRadius: WorldConstants.interestRadius,
  // The byte budget (issue 30: at most 16 KB/s a client, 8 bytes an avatar in a snapshot):
  // 50 near × 15 Hz + 100 middle × 5 Hz + 40 far a second = 1,290 avatars a second, about 10 KB/s
  // and the frames' own bytes, however large the crowd.
  middleCount: 100,
  middleRadius: 60,
  middleEvery: 3,
  farEvery: 15,
  farSample: 40,
  cell: 20,
};

/** What the interest rules need of a member: where it is, and when it last changed. */
export type Placed = Pick<Member, 'socketId' | 'state'> & {
  /** The tick of its last change (see {@link InterestGrid.changedAt}). */
  changedTick: number;
};

/** What a viewer was last found to have around it (recomputed on its middle ticks). */
interface Around<M> {
  near: M[];
  middle: M[];
}

/**
 * The interest of one instance's viewers: a grid of its avatars rebuilt each tick, and each
 * viewer's near and middle avatars, found again on the viewer's middle ticks (the near set changes
 * slowly at walking speed: 6 m/s moves 1.2 m in those 0.2 s).
 */
export class Interest<M extends Placed> {
  private cells = new Map<string, M[]>();
  private members: readonly M[] = [];
  private tick = 0;
  private readonly around = new Map<string, Around<M>>();

  constructor(private readonly rules: InterestRules = INTEREST_RULES) {}

  /** Starts tick `tick` with the instance's members where they are now. */
  beginTick(members: Iterable<M>, tick: number): void {
    this.tick = tick;
    this.members = [...members];
    this.cells = new Map();
    for (const m of this.members) {
      const key = this.key(this.cellOf(m.state.x), this.cellOf(m.state.z));
      const list = this.cells.get(key);
      if (list) list.push(m);
      else this.cells.set(key, [m]);
    }
    // Viewers who left take their cache with them.
    if (this.around.size > this.members.length) {
      const here = new Set(this.members.map((m) => m.socketId));
      for (const id of this.around.keys()) if (!here.has(id)) this.around.delete(id);
    }
  }

  /**
   * The members whose changes `viewer` receives this tick: near ones changed this tick, middle
   * ones changed since the viewer's last middle tick, a slice of the far ones changed since its
   * last far tick. Never the viewer itself.
   */
  visibleTo(viewer: M & { state: { index: number } }): M[] {
    const { middleEvery, farEvery, farSample } = this.rules;
    const tick = this.tick;
    const middleTick = (tick + viewer.state.index) % middleEvery === 0;
    const farTick = (tick + viewer.state.index) % farEvery === 0;
    let around = this.around.get(viewer.socketId);
    if (!around || middleTick) {
      around = this.findAround(viewer);
      this.around.set(viewer.socketId, around);
    }
    const out = around.near.filter((m) => m.changedTick === tick);
    if (middleTick) {
      for (const m of around.middle) if (m.changedTick > tick - middleEvery) out.push(m);
    }
    if (!farTick) return out;

    // A slice of the far ones: where the slice starts moves on each second.
    const seen = new Set([...around.near, ...around.middle, viewer]);
    const far = this.members.filter((m) => !seen.has(m) && m.changedTick > tick - farEvery);
    if (far.length <= farSample) return out.concat(far);
    const start = (Math.floor(tick / farEvery) * farSample) % far.length;
    for (let k = 0; k < farSample; k += 1) out.push(far[(start + k) % far.length] as M);
    return out;
  }

  /**
   * The viewer's nearest (up to `nearCount` within `nearRadius`) and the next nearest (up to
   * `middleCount` within `middleRadius`); whoever is beyond either is far.
   */
  private findAround(viewer: M): Around<M> {
    const { nearCount, nearRadius, middleCount, middleRadius, cell } = this.rules;
    const vx = viewer.state.x;
    const vz = viewer.state.z;
    const near2 = nearRadius * nearRadius;
    const middle2 = middleRadius * middleRadius;
    const found: Array<{ m: M; d2: number }> = [];
    const reach = Math.ceil(middleRadius / cell);
    const cx = this.cellOf(vx);
    const cz = this.cellOf(vz);
    for (let i = cx - reach; i <= cx + reach; i += 1) {
      for (let j = cz - reach; j <= cz + reach; j += 1) {
        for (const m of this.cells.get(this.key(i, j)) ?? []) {
          if (m.socketId === viewer.socketId) continue;
          const d2 = (m.state.x - vx) ** 2 + (m.state.z - vz) ** 2;
          if (d2 <= middle2) found.push({ m, d2 });
        }
      }
    }
    found.sort((a, b) => a.d2 - b.d2);
    const near: M[] = [];
    const middle: M[] = [];
    for (const { m, d2 } of found) {
      if (near.length < nearCount && d2 <= near2) near.push(m);
      else if (middle.length < middleCount) middle.push(m);
      else break;
    }
    return { near, middle };
  }

  private cellOf(v: number): number {
    return Math.floor(v / this.rules.cell);
  }

  private key(i: number, j: number): string {
    return `${i},${j}`;
  }
}
