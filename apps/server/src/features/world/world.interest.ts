import { WorldConstants } from '@atrium/protocol';
import type { AvatarUpdate } from '@atrium/protocol';

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

/**
 * What the interest rules need of a member: where it is, and when it last changed. Another
 * process's avatar is one too (a placeholder `socketId`, never a viewer here).
 */
export interface Placed {
  socketId: string;
  state: AvatarUpdate;
  /** The tick of its last change (see {@link InterestGrid.changedAt}). */
  changedTick: number;
}

/** What a viewer was last found to have around it (recomputed on its middle ticks). */
interface Around<M> {
  near: M[];
  middle: M[];
}

/**
 * The interest of one instance's viewers: a grid of its avatars rebuilt each tick, and each
 * viewer's near and middle avatars, found again on every other of the viewer's middle ticks (the
 * sets change slowly: at a run, 6 m/s, someone moves 2.4 m in those 0.4 s).
 */
export class Interest<M extends Placed> {
  /** Each occupied cell's members, as indices into `members`. */
  private cells = new Map<string, number[]>();
  private members: readonly M[] = [];
  /** The members' positions this tick, by index into `members` (flat: the hot loop's reads). */
  private xs: Float64Array = new Float64Array(0);
  private zs: Float64Array = new Float64Array(0);
  private tick = 0;
  private readonly around = new Map<string, Around<M>>();
  /** Scratch space for `findAround`, reused: candidates (member indices) and their distances². */
  private candidates: Int32Array = new Int32Array(0);
  private distances: Float64Array = new Float64Array(0);

  constructor(private readonly rules: InterestRules = INTEREST_RULES) {}

  /** Starts tick `tick` with the instance's members where they are now. */
  beginTick(members: Iterable<M>, tick: number): void {
    this.tick = tick;
    this.members = [...members];
    const n = this.members.length;
    if (this.xs.length < n) {
      const size = Math.max(n, this.xs.length * 2, 64);
      this.xs = new Float64Array(size);
      this.zs = new Float64Array(size);
      this.candidates = new Int32Array(size);
      this.distances = new Float64Array(size);
    }
    this.cells = new Map();
    for (let i = 0; i < n; i += 1) {
      const { x, z } = (this.members[i] as M).state;
      this.xs[i] = x;
      this.zs[i] = z;
      const key = this.key(this.cellOf(x), this.cellOf(z));
      const list = this.cells.get(key);
      if (list) list.push(i);
      else this.cells.set(key, [i]);
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
    const { near, coarse } = this.visibleSplit(viewer);
    return near.concat(coarse);
  }

  /**
   * {@link visibleTo}, split by precision: the near tier goes out in full, the middle and far
   * tiers as coarse records (`encodeSnapshot`'s third argument: 10 cm, 1/16 turn).
   */
  visibleSplit(viewer: M & { state: { index: number } }): { near: M[]; coarse: M[] } {
    const { middleEvery, farEvery, farSample } = this.rules;
    const tick = this.tick;
    const middleTick = (tick + viewer.state.index) % middleEvery === 0;
    const farTick = (tick + viewer.state.index) % farEvery === 0;
    let around = this.around.get(viewer.socketId);
    // Who is near and who is middle is found again every other middle turn (0.4 s: at a run,
    // 6 m/s, someone moves 2.4 m meanwhile): it is most of the tiers' work.
    if (!around || (tick + viewer.state.index) % (middleEvery * 2) === 0) {
      around = this.findAround(viewer);
      this.around.set(viewer.socketId, around);
    }
    const near = around.near.filter((m) => m.changedTick === tick);
    const coarse: M[] = [];
    if (middleTick) {
      for (const m of around.middle) if (m.changedTick > tick - middleEvery) coarse.push(m);
    }
    if (!farTick) return { near, coarse };

    // A slice of the far ones: where the slice starts moves on each second.
    const seen = new Set([...around.near, ...around.middle, viewer]);
    const far = this.members.filter((m) => !seen.has(m) && m.changedTick > tick - farEvery);
    if (far.length <= farSample) return { near, coarse: coarse.concat(far) };
    const start = (Math.floor(tick / farEvery) * farSample) % far.length;
    for (let k = 0; k < farSample; k += 1) coarse.push(far[(start + k) % far.length] as M);
    return { near, coarse };
  }

  /**
   * The viewer's nearest (up to `nearCount` within `nearRadius`) and the next nearest (up to
   * `middleCount` within `middleRadius`); whoever is beyond either is far.
   *
   * Selections (quickselect), not sorts: sorting everyone in reach, as first written, was a third
   * of the server's CPU with 1,000 people in one instance (the campus is 80 m across, so the middle
   * radius reaches nearly all of them; `bench/world.mjs`'s profile), and the tiers alone took 0.89
   * of a core for 1,000 viewers at 15 Hz; with positions in flat arrays and no sort, see
   * docs/benchmarks.md ("World crowd").
   */
  private findAround(viewer: M): Around<M> {
    const { nearCount, nearRadius, middleCount, middleRadius, cell } = this.rules;
    const { xs, zs, candidates, distances, members } = this;
    const vx = viewer.state.x;
    const vz = viewer.state.z;
    const middle2 = middleRadius * middleRadius;
    let n = 0;
    const reach = Math.ceil(middleRadius / cell);
    const cx = this.cellOf(vx);
    const cz = this.cellOf(vz);
    for (let i = cx - reach; i <= cx + reach; i += 1) {
      for (let j = cz - reach; j <= cz + reach; j += 1) {
        const list = this.cells.get(this.key(i, j));
        if (!list) continue;
        for (const k of list) {
          const dx = xs[k]! - vx;
          const dz = zs[k]! - vz;
          const d2 = dx * dx + dz * dz;
          if (d2 > middle2 || members[k] === viewer) continue;
          candidates[n] = k;
          distances[k] = d2;
          n += 1;
        }
      }
    }
    // No sort: three selections. The nearest `nearCount + middleCount`; among them the nearest
    // `nearCount`, near when within the near radius; the rest, and any of those beyond it, are
    // the middle, its nearest `middleCount` when there are more (only when the near tier is not
    // full). Sorting the 150 with a comparator was 60 % of the tiers' time (a profile of 1,000).
    const keep = Math.min(n, nearCount + middleCount);
    if (n > keep) selectSmallest(candidates, n, distances, keep);
    const nearPick = Math.min(keep, nearCount);
    if (keep > nearPick) selectSmallest(candidates, keep, distances, nearPick);
    const near: M[] = [];
    const pool: number[] = [];
    const near2 = nearRadius * nearRadius;
    for (let c = 0; c < keep; c += 1) {
      const k = candidates[c]!;
      if (c < nearPick && distances[k]! <= near2) near.push(members[k] as M);
      else pool.push(k);
    }
    if (pool.length > middleCount) {
      const order = Int32Array.from(pool);
      selectSmallest(order, order.length, distances, middleCount);
      pool.length = 0;
      pool.push(...order.subarray(0, middleCount));
    }
    const middle = pool.map((k) => members[k] as M);
    return { near, middle };
  }

  private cellOf(v: number): number {
    return Math.floor(v / this.rules.cell);
  }

  private key(i: number, j: number): string {
    return `${i},${j}`;
  }
}

/**
 * Reorders the first `n` entries of `order` (indices into `keys`) so the first `k` of them are the
 * `k` smallest keys, in no particular order: Hoare's quickselect, O(n) on average. (No package does
 * this on an index array over a typed array; the loop is twenty lines.)
 */
export function selectSmallest(order: Int32Array, n: number, keys: Float64Array, k: number): void {
  let left = 0;
  let right = n - 1;
  while (left < right) {
    const pivot = keys[order[(left + right) >> 1]!]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (keys[order[i]!]! < pivot) i += 1;
      while (keys[order[j]!]! > pivot) j -= 1;
      if (i <= j) {
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (k - 1 <= j) right = j;
    else if (k - 1 >= i) left = i;
    else return;
  }
}
