import type { WorldLayout } from '@atrium/protocol';
import { isSegmentWalkable, isWalkable, type Vec2 } from './collision.ts';

/** A walkability grid over a layout, built once and reused for every click-to-walk. */
export interface NavGrid {
  readonly layout: WorldLayout;
  readonly radius: number;
  readonly cellSize: number;
  readonly cols: number;
  readonly rows: number;
  /** 1 where an avatar centred on the cell would overlap an obstacle or leave the bounds. */
  readonly blocked: Uint8Array;
}

/** Builds the grid: a cell is blocked when an avatar of `radius` at its centre is not walkable. */
export const buildNavGrid = (layout: WorldLayout, radius: number, cellSize = 0.5): NavGrid => {
  const cols = Math.floor((layout.bounds.maxX - layout.bounds.minX) / cellSize);
  const rows = Math.floor((layout.bounds.maxZ - layout.bounds.minZ) / cellSize);
  const blocked = new Uint8Array(cols * rows);
  const grid = { layout, radius, cellSize, cols, rows, blocked };
  for (let i = 0; i < blocked.length; i++) {
    blocked[i] = isWalkable(cellCenter(grid, i), layout, radius) ? 0 : 1;
  }
  return grid;
};

const cellCenter = (g: Pick<NavGrid, 'layout' | 'cellSize' | 'cols'>, i: number): Vec2 => ({
  x: g.layout.bounds.minX + ((i % g.cols) + 0.5) * g.cellSize,
  z: g.layout.bounds.minZ + (Math.floor(i / g.cols) + 0.5) * g.cellSize,
});

/** The walkable cell whose centre is nearest to `p`, or -1 if the grid has none. */
const nearestOpenCell = (g: NavGrid, p: Vec2): number => {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < g.blocked.length; i++) {
    if (g.blocked[i]) continue;
    const c = cellCenter(g, i);
    const d = (c.x - p.x) ** 2 + (c.z - p.z) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
};

/** A* over 8-connected cells; diagonals may not cut a blocked corner. Returns cell indices. */
const aStar = (g: NavGrid, start: number, goal: number): number[] | null => {
  const gx = goal % g.cols;
  const gz = Math.floor(goal / g.cols);
  const h = (i: number) => {
    const dx = Math.abs((i % g.cols) - gx);
    const dz = Math.abs(Math.floor(i / g.cols) - gz);
    return Math.max(dx, dz) + (Math.SQRT2 - 1) * Math.min(dx, dz);
  };
  const cost = new Float64Array(g.blocked.length).fill(Infinity);
  const from = new Int32Array(g.blocked.length).fill(-1);
  const closed = new Uint8Array(g.blocked.length);
  const open = new MinHeap();
  cost[start] = 0;
  open.push(start, h(start));
  for (let cur = open.pop(); cur !== undefined; cur = open.pop()) {
    if (cur === goal) {
      const cells = [goal];
      for (let c = from[goal] ?? -1; c !== -1; c = from[c] ?? -1) cells.push(c);
      return cells.reverse();
    }
    if (closed[cur]) continue;
    closed[cur] = 1;
    const cx = cur % g.cols;
    const cz = Math.floor(cur / g.cols);
    const open4 = (x: number, z: number) =>
      x >= 0 && z >= 0 && x < g.cols && z < g.rows && !g.blocked[z * g.cols + x];
    for (let dz = -1; dz <= 1; dz++) {
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx === 0 && dz === 0) || !open4(cx + dx, cz + dz)) continue;
        if (dx !== 0 && dz !== 0 && !(open4(cx + dx, cz) && open4(cx, cz + dz))) continue;
        const n = (cz + dz) * g.cols + cx + dx;
        const c = (cost[cur] ?? Infinity) + (dx !== 0 && dz !== 0 ? Math.SQRT2 : 1);
        if (c < (cost[n] ?? Infinity)) {
          cost[n] = c;
          from[n] = cur;
          open.push(n, c + h(n));
        }
      }
    }
  }
  return null;
};

/**
 * Shortest walkable route from `from` to `to` as waypoints (excluding `from`), or null when no
 * route exists. A target inside a wall snaps to the nearest walkable cell. Waypoints are
 * string-pulled: each one is the farthest point still in straight, collision-free sight.
 */
export const findPath = (grid: NavGrid, from: Vec2, to: Vec2): Vec2[] | null => {
  const start = nearestOpenCell(grid, from);
  const goal = nearestOpenCell(grid, to);
  if (start < 0 || goal < 0) return null;
  const cells = aStar(grid, start, goal);
  if (!cells) return null;
  const points = cells.map((i) => cellCenter(grid, i));
  if (isWalkable(to, grid.layout, grid.radius)) points.push(to);
  const { layout, radius } = grid;
  const clear = (a: Vec2, b: Vec2) => isSegmentWalkable(a, b, layout, radius);
  const out: Vec2[] = [];
  let anchor = from;
  let i = 0;
  while (i < points.length) {
    // Farthest point in sight of the anchor; the next cell is kept even if not, to always progress.
    let j = i;
    for (let k = points.length - 1; k > i; k--) {
      if (clear(anchor, points[k] as Vec2)) {
        j = k;
        break;
      }
    }
    anchor = points[j] as Vec2;
    out.push(anchor);
    i = j + 1;
  }
  return out;
};

/** Binary min-heap of (item, priority) for the A* open set. */
class MinHeap {
  private items: number[] = [];
  private prio: number[] = [];

  push(item: number, priority: number): void {
    this.items.push(item);
    this.prio.push(priority);
    let i = this.items.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((this.prio[p] ?? 0) <= priority) break;
      this.swap(i, p);
      i = p;
    }
  }

  pop(): number | undefined {
    const top = this.items[0];
    const lastItem = this.items.pop();
    const lastPrio = this.prio.pop();
    if (this.items.length > 0 && lastItem !== undefined && lastPrio !== undefined) {
      this.items[0] = lastItem;
      this.prio[0] = lastPrio;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.items.length && (this.prio[l] ?? 0) < (this.prio[m] ?? 0)) m = l;
        if (r < this.items.length && (this.prio[r] ?? 0) < (this.prio[m] ?? 0)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }

  private swap(a: number, b: number): void {
    [this.items[a], this.items[b]] = [this.items[b] ?? 0, this.items[a] ?? 0];
    [this.prio[a], this.prio[b]] = [this.prio[b] ?? 0, this.prio[a] ?? 0];
  }
}
