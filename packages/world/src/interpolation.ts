import { WorldConstants, type AvatarState } from '@atrium/protocol';
import { wrapAngle } from './camera.ts';

/** Options for a remote avatar's snapshot buffer. */
export interface SnapshotBufferOptions {
  /** How far in the past remote avatars are drawn. */
  delayMs?: number;
  /** How far past the newest snapshot motion may be extrapolated before the avatar holds still. */
  maxExtrapolationMs?: number;
  /** Upper bound on stored snapshots, whatever the render clock does. */
  capacity?: number;
}

/** Buffered network states of one remote avatar, sampled at render time. */
export interface SnapshotBuffer {
  /** Adds a state received at `receivedAtMs` (local clock); out-of-order arrivals are dropped. */
  push(state: AvatarState, receivedAtMs: number): void;
  /** The state to draw at `renderTimeMs`, or null before the first snapshot. */
  sample(renderTimeMs: number): AvatarState | null;
  /** Number of snapshots held (for tests and debug overlays). */
  readonly size: number;
}

interface Snapshot {
  state: AvatarState;
  at: number;
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** Interpolates two states; yaw takes the short way round, the discrete fields come from `b`. */
export const lerpAvatar = (a: AvatarState, b: AvatarState, t: number): AvatarState => ({
  ...b,
  x: lerp(a.x, b.x, t),
  y: lerp(a.y, b.y, t),
  z: lerp(a.z, b.z, t),
  ry: wrapAngle(a.ry + wrapAngle(b.ry - a.ry) * t),
});

/** Creates the buffer that draws a remote avatar `delayMs` in the past, between two real states. */
export const createSnapshotBuffer = (options: SnapshotBufferOptions = {}): SnapshotBuffer => {
  const delay = options.delayMs ?? WorldConstants.interpolationDelayMs;
  const maxExtra = options.maxExtrapolationMs ?? 50;
  const capacity = options.capacity ?? 32;
  let snaps: Snapshot[] = [];
  return {
    push(state, receivedAtMs) {
      const last = snaps[snaps.length - 1];
      if (last && receivedAtMs < last.at) return;
      snaps.push({ state, at: receivedAtMs });
      if (snaps.length > capacity) snaps = snaps.slice(-capacity);
    },
    sample(renderTimeMs) {
      const t = renderTimeMs - delay;
      const first = snaps[0];
      if (!first) return null;
      if (t <= first.at) return first.state;
      let i = 0;
      while (i + 1 < snaps.length && (snaps[i + 1] as Snapshot).at <= t) i++;
      // Older states are past for good (the render clock only moves forward); one is kept before
      // snaps[i] so extrapolation past the newest knows the last velocity on every frame.
      if (i > 1) {
        snaps = snaps.slice(i - 1);
        i = 1;
      }
      const a = snaps[i] as Snapshot;
      const b = snaps[i + 1];
      if (b) return lerpAvatar(a.state, b.state, (t - a.at) / (b.at - a.at));
      const prev = snaps[i - 1];
      if (!prev || a.at === prev.at) return a.state;
      // Past the newest state: continue its motion briefly to hide one late packet, then hold.
      const over = Math.min(t - a.at, maxExtra);
      return lerpAvatar(prev.state, a.state, 1 + over / (a.at - prev.at));
    },
    get size() {
      return snaps.length;
    },
  };
};
