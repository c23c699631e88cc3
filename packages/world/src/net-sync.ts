import { WorldConstants, type WorldMove } from '@atrium/protocol';
import { wrapAngle } from './camera.ts';

/** Thresholds below which a change is not worth a message. */
export const NetSyncConstants = {
  /** Metres. */
  positionEpsilon: 0.01,
  /** Radians (about 1°). */
  yawEpsilon: 0.02,
  /** An idle avatar still sends this often, so the server knows it is alive. */
  keepAliveMs: 1000,
  /** Shortest gap between sends, from the protocol rate. */
  minIntervalMs: 1000 / WorldConstants.sendHz,
} as const;

/** What was last sent, and when. */
export interface NetSyncState {
  readonly lastSent: WorldMove | null;
  readonly lastSentAtMs: number;
}

/** A sync state that has sent nothing yet. */
export const createNetSync = (): NetSyncState => ({ lastSent: null, lastSentAtMs: -Infinity });

/** Whether `next` differs from `prev` enough that other players would notice. */
export const moveChanged = (prev: WorldMove, next: WorldMove): boolean =>
  prev.anim !== next.anim ||
  Math.hypot(next.x - prev.x, next.y - prev.y, next.z - prev.z) >
    NetSyncConstants.positionEpsilon ||
  Math.abs(wrapAngle(next.ry - prev.ry)) > NetSyncConstants.yawEpsilon;

/**
 * Decides whether to send `move` now: never faster than sendHz, then on a visible change or when
 * the keep-alive is due. A change held back by the rate limit goes out on a later call, because
 * it is compared with what was actually sent.
 */
export const netSyncStep = (
  state: NetSyncState,
  move: WorldMove,
  nowMs: number,
): { state: NetSyncState; send: WorldMove | null } => {
  const since = nowMs - state.lastSentAtMs;
  // 1 µs of slack: a 60 Hz clock reaches 4 × 16.67 ms a hair under 66.67 ms in floating point.
  const due =
    since >= NetSyncConstants.minIntervalMs - 1e-3 &&
    (!state.lastSent ||
      moveChanged(state.lastSent, move) ||
      since >= NetSyncConstants.keepAliveMs - 1e-3);
  return due
    ? { state: { lastSent: move, lastSentAtMs: nowMs }, send: move }
    : { state, send: null };
};
