import { createHash } from 'node:crypto';
import { isSegmentWalkable, WORLD_LAYOUTS, WorldConstants } from '@atrium/protocol';
import type { AvatarState, WorldLayout, WorldLocation, WorldMove } from '@atrium/protocol';

export interface Member {
  socketId: string;
  instanceId: string;
  layout: WorldLayout;
  state: AvatarState;
  /** When the last accepted move arrived (ms). */
  movedAt: number;
  /** Changed since the last tick. */
  dirty: boolean;
  /** Changed since the other processes were last told (a crowded instance's moves, issue 30). */
  unshared: boolean;
  /** The tick of its last change that went out (issue 30's interest tiers send it late). */
  changedTick: number;
  /** Token bucket for move messages. */
  tokens: number;
  tokensAt: number;
}

export interface Instance {
  id: string;
  world: string;
  members: Map<string, Member>;
  /** The next avatar index; binary snapshots name avatars by index. */
  nextIndex: number;
}

export type MoveVerdict = 'accepted' | 'rate-limited' | 'too-fast' | 'blocked';

/** Moves per second a client may send (SPEC: 10–20 Hz), with a small burst. */
const MOVE_RATE_PER_S = 20;
const MOVE_BURST = 5;

/**
 * World instances in this process: who is where, and whether a move is allowed. A world holds
 * `capacity` people per instance; a newcomer beyond that opens the next instance.
 */
export class WorldService {
  readonly instances = new Map<string, Instance>();
  private readonly bySocket = new Map<string, Member>();
  private counter = 0;

  constructor(
    private readonly capacity: number = WorldConstants.instanceCapacity,
    private readonly now: () => number = Date.now,
  ) {}

  hasWorld(world: string): boolean {
    return world in WORLD_LAYOUTS;
  }

  member(socketId: string): Member | undefined {
    return this.bySocket.get(socketId);
  }

  /** Places a socket in the first instance of `world` with room, or a new one. */
  join(
    socketId: string,
    world: string,
    who: { id: string; username: string; roleLabel: string; look: number },
    location?: WorldLocation,
  ): Member {
    this.leave(socketId);
    const layout = WORLD_LAYOUTS[world];
    if (!layout) throw new Error(`unknown world ${world}`);
    let instance = [...this.instances.values()].find(
      (i) => i.world === world && i.members.size < this.capacity,
    );
    if (!instance) {
      this.counter += 1;
      instance = { id: `${world}-${this.counter}`, world, members: new Map(), nextIndex: 0 };
      this.instances.set(instance.id, instance);
    }
    const index = instance.nextIndex++ % 65536;
    return this.admit(socketId, instance.id, world, arrival(layout, who, index, location));
  }

  /**
   * Registers a socket whose instance and index were decided elsewhere (the campus-wide
   * directory when several processes share it); this process then checks its moves.
   */
  admit(socketId: string, instanceId: string, world: string, state: AvatarState): Member {
    this.leave(socketId);
    const layout = WORLD_LAYOUTS[world];
    if (!layout) throw new Error(`unknown world ${world}`);
    let instance = this.instances.get(instanceId);
    if (!instance) {
      instance = { id: instanceId, world, members: new Map(), nextIndex: 0 };
      this.instances.set(instanceId, instance);
    }
    const member: Member = {
      socketId,
      instanceId,
      layout,
      state,
      movedAt: this.now(),
      dirty: true,
      unshared: true,
      changedTick: 0,
      tokens: MOVE_BURST,
      tokensAt: this.now(),
    };
    instance.members.set(socketId, member);
    this.bySocket.set(socketId, member);
    return member;
  }

  /** Removes a socket; empty instances are dropped. */
  leave(socketId: string): Member | undefined {
    const member = this.bySocket.get(socketId);
    if (!member) return undefined;
    this.bySocket.delete(socketId);
    const instance = this.instances.get(member.instanceId);
    instance?.members.delete(socketId);
    if (instance && instance.members.size === 0) this.instances.delete(instance.id);
    return member;
  }

  /**
   * Applies a move if it is plausible: within the message rate, no faster than running speed
   * (with slack for jitter), and not into or through a wall. Otherwise the state stays.
   */
  move(member: Member, move: WorldMove): MoveVerdict {
    const now = this.now();
    member.tokens = Math.min(
      MOVE_BURST,
      member.tokens + ((now - member.tokensAt) / 1000) * MOVE_RATE_PER_S,
    );
    member.tokensAt = now;
    if (member.tokens < 1) return 'rate-limited';
    member.tokens -= 1;

    const from = member.state;
    const elapsedS = Math.max((now - member.movedAt) / 1000, 1 / WorldConstants.sendHz);
    const distance = Math.hypot(move.x - from.x, move.z - from.z);
    const allowed = WorldConstants.runSpeed * WorldConstants.speedTolerance * elapsedS + 0.05;
    if (distance > allowed) return 'too-fast';
    const radius = WorldConstants.avatarRadius * 0.9;
    if (!isSegmentWalkable(from, move, member.layout, radius)) {
      return 'blocked';
    }
    member.state = { ...from, x: move.x, y: move.y, z: move.z, ry: move.ry, anim: move.anim };
    member.movedAt = now;
    member.dirty = true;
    member.unshared = true;
    return 'accepted';
  }
}

/**
 * The look seed of an account (or guest) id: a hash, so the same account looks the same in every
 * session and to every viewer, without telling the viewers its id.
 */
export function lookSeed(accountId: string): number {
  return createHash('sha256').update(`atrium-look:${accountId}`).digest().readUInt32BE(0);
}

/** The state of the `index`-th arrival in an instance of `layout`, standing at its spawn spot. */
export function arrival(
  layout: WorldLayout,
  who: { id: string; username: string; roleLabel: string; look: number },
  index: number,
  location?: WorldLocation,
): AvatarState {
  const place = spawnPoint(layout, index, location);
  return { ...who, index, x: place.x, y: 0, z: place.z, ry: place.ry, anim: 'idle' };
}

/** The golden angle: each arrival turns this far from the last (Vogel's sunflower spiral). */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** The spiral's spacing: arrivals stand about 1.5 m apart, the n-th 0.85·√n m out. */
const ARRIVAL_SPACING = 0.85;

/**
 * Where the n-th arrival appears: on a sunflower spiral round the spot, so people who join
 * together spread evenly over a disc instead of standing inside each other: 200 arrivals within
 * 12 m, 1,000 within 27 m (issue 30). Rings of 8 every 1.2 m, before, put the 1,000th 150 m out,
 * off the map, so most of a large crowd stood on the spot itself. A blocked place is tried at
 * seven other angles on the same circle, then the spot itself.
 */
export function spawnPoint(
  layout: WorldLayout,
  n: number,
  location?: WorldLocation,
): { x: number; z: number; ry: number } {
  const centre = location ? layout.spots[location] : { ...layout.spawn, ry: 0 };
  if (n === 0) return { ...centre };
  const radius = ARRIVAL_SPACING * Math.sqrt(n);
  for (let k = 0; k < 8; k += 1) {
    const angle = n * GOLDEN_ANGLE + (k * Math.PI) / 4;
    const spot = {
      x: centre.x + Math.cos(angle) * radius,
      z: centre.z + Math.sin(angle) * radius,
      ry: centre.ry,
    };
    if (isSegmentWalkable(centre, spot, layout, WorldConstants.avatarRadius)) return spot;
  }
  return { ...centre };
}
