import type { AvatarState, AvatarUpdate, Emote } from '@atrium/protocol';
import type * as THREE from 'three';
import { emotePhase, startEmote, updateEmote, type EmoteState } from '../emotes.ts';
import { createSnapshotBuffer, type SnapshotBuffer } from '../interpolation.ts';
import { lookFromSeed, type LookColors } from '../avatar-look.ts';
import { avatarLabel, createAvatarView, type AvatarView } from './avatar-view.ts';
import type { AvatarDetail } from './avatar-model.ts';

interface Remote {
  state: AvatarState;
  buffer: SnapshotBuffer;
  view: AvatarView;
  emote: EmoteState;
  /** The last drawn pose, for the test hook and the voices' panners. */
  drawn: AvatarPose;
  /** Which body is drawn (coarser far from the camera). */
  level: AvatarDetail;
}

/** Where an avatar was last drawn, in metres, and its facing (`ry`, radians). */
export interface AvatarPose {
  x: number;
  y: number;
  z: number;
  ry: number;
}

/** What the test hook reports of a remote avatar. */
export interface RemoteSummary {
  id: string;
  /** The name tag's text. */
  label: string;
  look: LookColors;
  x: number;
  z: number;
  emote: Emote | null;
  /** The speaking ring shows over them. */
  speaking: boolean;
}

/** The other people in the instance: who they are, their buffered states, and their meshes. */
export interface RemoteAvatars {
  add(state: AvatarState, nowMs: number): void;
  remove(id: string): void;
  /** Applies a binary snapshot; entries for unknown indexes (and our own) are skipped. */
  applySnapshot(updates: readonly AvatarUpdate[], nowMs: number): void;
  emote(id: string, emote: Emote, engineMs: number): void;
  /** Someone's look changed: their avatar is rebuilt with it where it stands. */
  relook(id: string, look: number): void;
  /** Where someone's avatar was last drawn (between snapshots); null when not in the instance. */
  pose(id: string): AvatarPose | null;
  /** Someone's name (username); null when not in the instance. */
  name(id: string): string | null;
  /** Shows or hides the speaking ring over someone's avatar (kept for one not arrived yet). */
  setSpeaking(id: string, speaking: boolean): void;
  /** Engine step: emotes end on time or when the avatar moves. */
  step(engineMs: number): void;
  /** Draws every remote avatar at `nowMs` minus the interpolation delay. */
  draw(nowMs: number, engineMs: number, ambientSeconds: number, dtSeconds: number): void;
  summary(): RemoteSummary[];
  dispose(): void;
}

/**
 * A crowd's level of detail (issue 30 §1: 200 avatars in view). Measured with
 * `WORLD_CLIENT_BOTS=200 WORLD_PROFILE=1 npx tsx bench/world-client.mjs` (software GL): the page's
 * main thread spent 84 % in native code (GL uploads and draws of the crowd's buffers and one name
 * tag each), 5 % skinning. So only the nearest people wear a name tag, and far bodies are posed
 * (skinned and uploaded again) every few frames instead of every frame.
 */
export const CrowdDetail = {
  /** At most this many name tags show, the nearest first. */
  tags: 16,
  /** Nobody beyond this many metres wears a tag. */
  tagRange: 25,
  /** Beyond this many metres a body is posed every second frame… */
  nearRange: 12,
  /** …and beyond this, every fourth. */
  farRange: 24,
  /** Beyond this many metres the coarse body is drawn (about 130 triangles instead of 600)… */
  coarseRange: 14,
  /** …until the avatar comes this close again (no flicker at the edge). */
  fineRange: 12.5,
  /** Beyond this many metres the distant body (four open boxes, 40 triangles)… */
  distantRange: 22,
  /** …until the avatar comes this close again. */
  coarseAgainRange: 20,
} as const;

/** The body drawn at `distance` metres for one drawn at `current` last frame (with hysteresis). */
export const detailAt = (distance: number, current: AvatarDetail): AvatarDetail => {
  if (distance > CrowdDetail.distantRange) return 'distant';
  if (distance > CrowdDetail.coarseRange)
    return current === 'distant' && distance > CrowdDetail.coarseAgainRange ? 'distant' : 'coarse';
  if (distance < CrowdDetail.fineRange) return 'full';
  return current === 'full' ? 'full' : 'coarse';
};

/** How often (in frames) an avatar `distance` metres from the camera is posed. */
export const poseEvery = (distance: number): number =>
  distance > CrowdDetail.farRange ? 4 : distance > CrowdDetail.nearRange ? 2 : 1;

/**
 * Creates the remote avatar registry; meshes are added to `scene`. `eye` is the camera's place:
 * without it every avatar is drawn in full.
 */
export const createRemoteAvatars = (
  scene: THREE.Scene,
  selfIndex: () => number,
  eye?: { readonly x: number; readonly z: number },
): RemoteAvatars => {
  const byId = new Map<string, Remote>();
  let frame = 0;
  const near: { remote: Remote; d: number }[] = [];
  const idByIndex = new Map<number, string>();
  const speaking = new Set<string>();

  const remove = (id: string) => {
    const remote = byId.get(id);
    if (!remote) return;
    remote.view.dispose();
    byId.delete(id);
    speaking.delete(id);
    if (idByIndex.get(remote.state.index) === id) idByIndex.delete(remote.state.index);
  };

  return {
    add(state, nowMs) {
      // Someone already talking when their avatar arrives wears the ring at once.
      const wasSpeaking = speaking.has(state.id);
      remove(state.id);
      const view = createAvatarView(state.look, avatarLabel(state));
      if (wasSpeaking) {
        speaking.add(state.id);
        view.setSpeaking(true);
      }
      scene.add(view.root);
      const buffer = createSnapshotBuffer();
      buffer.push(state, nowMs);
      const { x, y, z, ry } = state;
      byId.set(state.id, {
        state,
        buffer,
        view,
        emote: null,
        drawn: { x, y, z, ry },
        level: 'full',
      });
      idByIndex.set(state.index, state.id);
    },
    remove,
    applySnapshot(updates, nowMs) {
      for (const update of updates) {
        if (update.index === selfIndex()) continue;
        const id = idByIndex.get(update.index);
        const remote = id === undefined ? undefined : byId.get(id);
        if (!remote) continue;
        remote.state = { ...remote.state, ...update };
        remote.buffer.push(remote.state, nowMs);
      }
    },
    relook(id, look) {
      const remote = byId.get(id);
      if (!remote || remote.state.look === look) return;
      remote.state = { ...remote.state, look };
      remote.view.dispose();
      remote.view = createAvatarView(look, avatarLabel(remote.state));
      remote.view.setSpeaking(speaking.has(id));
      scene.add(remote.view.root);
    },
    pose: (id) => byId.get(id)?.drawn ?? null,
    name: (id) => byId.get(id)?.state.username ?? null,
    setSpeaking(id, on) {
      if (on) speaking.add(id);
      else speaking.delete(id);
      byId.get(id)?.view.setSpeaking(on);
    },
    emote(id, emote, engineMs) {
      const remote = byId.get(id);
      if (remote) remote.emote = startEmote(emote, engineMs);
    },
    step(engineMs) {
      for (const remote of byId.values()) {
        remote.emote = updateEmote(remote.emote, engineMs, remote.state.anim !== 'idle');
      }
    },
    draw(nowMs, engineMs, t, dt) {
      frame += 1;
      near.length = 0;
      for (const remote of byId.values()) {
        const s = remote.buffer.sample(nowMs) ?? remote.state;
        remote.drawn = { x: s.x, y: s.y, z: s.z, ry: s.ry };
        const d = eye ? Math.hypot(s.x - eye.x, s.z - eye.z) : 0;
        if (d <= CrowdDetail.tagRange) near.push({ remote, d });
        else remote.view.setTagVisible(false);
        // Staggered by the avatar's index, so each frame poses its share of the far ones.
        const every = poseEvery(d);
        remote.level = eye ? detailAt(d, remote.level) : 'full';
        remote.view.update(
          {
            x: s.x,
            y: s.y,
            z: s.z,
            ry: s.ry,
            anim: s.anim,
            emote: remote.emote?.emote ?? null,
            emotePhase: remote.emote ? emotePhase(remote.emote, engineMs) : 0,
          },
          t,
          dt,
          { level: remote.level, repose: (frame + remote.state.index) % every === 0 },
        );
      }
      if (near.length > CrowdDetail.tags) near.sort((a, b) => a.d - b.d);
      near.forEach(({ remote }, i) => remote.view.setTagVisible(i < CrowdDetail.tags));
    },
    summary() {
      return [...byId.entries()].map(([id, r]) => ({
        id,
        label: avatarLabel(r.state),
        look: lookFromSeed(r.state.look),
        x: r.drawn.x,
        z: r.drawn.z,
        emote: r.emote?.emote ?? null,
        speaking: speaking.has(id),
      }));
    },
    dispose() {
      for (const id of [...byId.keys()]) remove(id);
    },
  };
};
