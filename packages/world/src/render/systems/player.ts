import type { Emote } from '@atrium/protocol';
import type * as THREE from 'three';
import { turnCamera } from '../../camera.ts';
import { emotePhase } from '../../emotes.ts';
import { consumeActions } from '../../input.ts';
import { stepMovement } from '../../movement.ts';
import { planClickWalk } from '../../click-walk.ts';
import { findPath, type NavGrid } from '../../pathfinding.ts';
import { avatarLabel, createAvatarView, type AvatarView } from '../avatar-view.ts';
import { blendedPosition, type WorldContext, type WorldSystem } from '../world-context.ts';
import type { Pointer } from './interaction.ts';

/** Snap-backs from the server a click-walk survives before it stops (see `snapBacks`). */
const MAX_SNAP_BACKS = 5;

/** The local avatar: input actions, the orbit camera's turn, movement, and its view. */
export interface PlayerSystem extends WorldSystem {
  /**
   * A double click at client coordinates: walk along a path on the ground to where it points, or
   * to the near side of the wall or poster it hits; nothing when the way there is a long detour.
   */
  readonly walkTo: (clientX: number, clientY: number) => void;
  /** Walks to a point on the ground plane; false when there is no way there. */
  readonly walkToPoint: (to: { x: number; z: number }) => boolean;
}

/** What the player's input actions reach in other systems. */
export interface PlayerActions {
  interact(pointer: Pointer | null): void;
  emote(emote: Emote, nowMs: number): void;
}

/** The player system over `ground` (the walk-to target) and the layout's nav `grid`. */
export const createPlayerSystem = (
  ctx: Pick<
    WorldContext,
    'self' | 'sink' | 'layout' | 'scene' | 'camera' | 'transport' | 'pick' | 'bridge'
  >,
  nav: { grid: NavGrid; ground: THREE.Object3D },
  actions: PlayerActions,
): PlayerSystem => {
  const { self, sink } = ctx;
  let view: AvatarView | null = null;
  /** The look the view was built with; a new one (a saved character) rebuilds it. */
  let viewLook: number | null = null;
  let viewSpeaking = false;
  const removeLook = ctx.transport.on('world:look', ({ id, look }) => {
    if (self.state && id === self.state.id) self.state = { ...self.state, look };
  });
  /**
   * Snap-backs in a row while walking to one place. The server refuses a move that looks too fast
   * when a loaded machine delivers two moves together; a click-walk then goes on from where the
   * server put us, but not forever (a way the server keeps refusing ends the walk).
   */
  let snapBacks = 0;
  const removeCorrection = ctx.transport.on('world:correction', (state) => {
    const goal = self.body.path?.at(-1);
    const corrected = {
      ...self.body,
      x: state.x,
      y: state.y,
      z: state.z,
      ry: state.ry,
      vy: 0,
      path: null,
    };
    snapBacks = goal ? snapBacks + 1 : 0;
    self.body =
      goal && snapBacks <= MAX_SNAP_BACKS
        ? { ...corrected, path: findPath(nav.grid, corrected, goal) }
        : corrected;
    self.prevBody = self.body;
  });

  const walkToPoint = (to: { x: number; z: number }) => {
    snapBacks = 0;
    const path = findPath(nav.grid, self.body, to);
    self.body = { ...self.body, path };
    return path !== null;
  };

  return {
    name: 'player',
    walkTo(clientX, clientY) {
      const hit = ctx.pick(clientX, clientY, [nav.ground], false);
      if (!hit) return;
      const ray = { origin: ctx.camera.position, ground: { x: hit.point.x, z: hit.point.z } };
      const path = planClickWalk(nav.grid, self.body, ray);
      snapBacks = 0;
      if (path) self.body = { ...self.body, path };
    },
    walkToPoint,
    update(dt, nowMs) {
      const { state, actions: queued } = consumeActions(sink.input);
      sink.input = state;
      let jump = false;
      for (const action of queued) {
        if (action.type === 'jump') jump = true;
        else if (action.type === 'emote') actions.emote(action.emote, nowMs);
        else if (action.type === 'interact') actions.interact(sink.lastClick ?? null);
        else ctx.bridge({ type: 'inventory_open' });
      }
      sink.lastClick = null;
      sink.camera = turnCamera(sink.camera, sink.input.look, dt);
      self.prevBody = self.body;
      self.body = stepMovement(self.body, { ...sink.input, jump }, sink.camera.yaw, dt, ctx.layout);
    },
    draw(frame) {
      // The view appears with the first join answer (our look and name) and is kept on rejoin.
      if (self.state && (!view || viewLook !== self.state.look)) {
        view?.dispose();
        view = createAvatarView(self.state.look, avatarLabel(self.state), { self: true });
        viewLook = self.state.look;
        viewSpeaking = false;
        ctx.scene.add(view.root);
      }
      if (!view) return;
      if (viewSpeaking !== self.speaking) {
        viewSpeaking = self.speaking;
        view.setSpeaking(viewSpeaking);
      }
      const { body, emote } = self;
      view.update(
        {
          ...blendedPosition(self, frame.alpha),
          ry: body.ry,
          anim: body.anim,
          emote: emote?.emote ?? null,
          emotePhase: emote ? emotePhase(emote, frame.engineMs) : 0,
        },
        frame.ambientSeconds,
        frame.dtSeconds,
      );
    },
    dispose() {
      removeCorrection();
      removeLook();
      view?.dispose();
    },
  };
};
