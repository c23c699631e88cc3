import type { AvatarState, WorldLayout, WorldLocation, WorldToHost } from '@atrium/protocol';
import type * as THREE from 'three';
import type { EmoteState } from '../emotes.ts';
import type { AvatarBody } from '../movement.ts';
import type { InputSink } from './dom-input.ts';
import type { PointerPick } from './pointer-ray.ts';
import type { RemoteAvatars } from './remote-avatars.ts';
import type { WorldTransport } from './world-transport.ts';

/** The local avatar: its simulated body and who the server says it is. */
export interface SelfState {
  body: AvatarBody;
  /** The body one fixed step ago, for drawing between steps. */
  prevBody: AvatarBody;
  emote: EmoteState;
  /** Our avatar index in the instance; -1 until joined. */
  index: number;
  id: string;
  /** Our state as the join answer gave it (name, look), null until joined. */
  state: AvatarState | null;
  /** Joined and connected: moves and emotes may be sent. */
  joined: boolean;
  /** Our voice is being heard now: the speaking ring over our own avatar. */
  speaking: boolean;
}

/** One rendered frame, as every system's `draw` sees it. */
export interface FrameInfo {
  /** `performance.now()` at the frame. */
  nowMs: number;
  /**
   * The clock of decorative animation (idle sway, water, portals): `nowMs` in seconds, or 0 while
   * the visitor prefers reduced motion (`ambientSeconds`).
   */
  ambientSeconds: number;
  /** Seconds since the last frame, capped at 0.1. */
  dtSeconds: number;
  /** Simulated time of the engine. */
  engineMs: number;
  /** Fraction of a fixed step not yet simulated. */
  alpha: number;
}

/**
 * A part of the world: movement, remote avatars, posters, a classroom door… The engine runs
 * `update` at the fixed step (simulation), the frame runs `draw` once per rendered frame (views
 * only), and `dispose` frees what the system made.
 */
export interface WorldSystem {
  readonly name: string;
  // Function properties, not methods: systems are closures, and the loop holds them detached.
  readonly update?: (dtSeconds: number, nowMs: number) => void;
  readonly draw?: (frame: FrameInfo) => void;
  readonly dispose?: () => void;
}

/** The state every system shares, built once by `startWorld`. */
export interface WorldContext {
  readonly worldId: string;
  readonly layout: WorldLayout;
  readonly scene: THREE.Scene;
  readonly camera: THREE.PerspectiveCamera;
  /** Held keys, queued actions and the orbit camera, written by the DOM adapters. */
  readonly sink: InputSink;
  readonly self: SelfState;
  readonly remotes: RemoteAvatars;
  readonly transport: WorldTransport;
  /** The first scene object under a client-coordinate pointer. */
  readonly pick: PointerPick;
  /** Messages for the host page. */
  readonly bridge: (message: WorldToHost) => void;
  /** The wall clock (`performance.now()`), for when a message arrived. */
  readonly wallMs: () => number;
  /** The engine's simulated time, for events that arrive between steps. */
  readonly engineMs: () => number;
  /** Set once the world is disposed; late async answers check it. */
  readonly disposed: () => boolean;
}

/** A fresh, not yet joined, local avatar standing on `body`. */
export const createSelfState = (body: AvatarBody): SelfState => ({
  body,
  prevBody: body,
  emote: null,
  index: -1,
  id: '',
  state: null,
  joined: false,
  speaking: false,
});

/** Where to draw the local avatar: between the last two steps, by the engine's `alpha`. */
export const blendedPosition = (
  self: Pick<SelfState, 'body' | 'prevBody'>,
  alpha: number,
): { x: number; y: number; z: number } => {
  const { body, prevBody } = self;
  return {
    x: prevBody.x + (body.x - prevBody.x) * alpha,
    y: prevBody.y + (body.y - prevBody.y) * alpha,
    z: prevBody.z + (body.z - prevBody.z) * alpha,
  };
};

/** The layout's named spot nearest to `at` (the host's `request_location`). */
export const nearestSpot = (layout: WorldLayout, at: { x: number; z: number }): WorldLocation => {
  let best: WorldLocation = 'plaza';
  let bestDistance = Infinity;
  for (const [name, spot] of Object.entries(layout.spots) as [
    WorldLocation,
    typeof layout.spawn,
  ][]) {
    const d = Math.hypot(spot.x - at.x, spot.z - at.z);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
};
