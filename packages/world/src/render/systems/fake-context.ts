import { WORLD_LAYOUTS, type AvatarState, type Emote } from '@atrium/protocol';
import * as THREE from 'three';
import { lookFromSeed } from '../../avatar-look.ts';
import { createCamera } from '../../camera.ts';
import { createInputState } from '../../input.ts';
import { createAvatarBody } from '../../movement.ts';
import type { RemoteAvatars, RemoteSummary } from '../remote-avatars.ts';
import { createSelfState, type WorldContext } from '../world-context.ts';
import { createFakeTransport, type FakeTransport } from './fake-transport.ts';

/** Remote avatars as plain records, so systems are tested without meshes or a DOM. */
export interface FakeRemotes extends RemoteAvatars {
  readonly states: Map<string, AvatarState>;
  readonly emotes: { id: string; emote: Emote; engineMs: number }[];
  /** Whose speaking ring is shown. */
  readonly speaking: Set<string>;
}

const createFakeRemotes = (): FakeRemotes => {
  const states = new Map<string, AvatarState>();
  const emotes: FakeRemotes['emotes'] = [];
  const speaking = new Set<string>();
  return {
    states,
    emotes,
    speaking,
    add: (state) => void states.set(state.id, state),
    remove: (id) => void states.delete(id),
    applySnapshot: () => {},
    relook: (id, look) => {
      const state = states.get(id);
      if (state) states.set(id, { ...state, look });
    },
    emote: (id, emote, engineMs) => void emotes.push({ id, emote, engineMs }),
    step: () => {},
    draw: () => {},
    pose: (id) => {
      const s = states.get(id);
      return s ? { x: s.x, y: s.y, z: s.z, ry: s.ry } : null;
    },
    name: (id) => states.get(id)?.username ?? null,
    setSpeaking: (id, on) => {
      if (on) speaking.add(id);
      else speaking.delete(id);
    },
    summary: () =>
      [...states.values()].map((s): RemoteSummary => ({
        id: s.id,
        label: s.username,
        look: lookFromSeed(s.look),
        x: s.x,
        z: s.z,
        emote: null,
        speaking: speaking.has(s.id),
      })),
    dispose: () => states.clear(),
  };
};

/** A world context over the campus layout, a fake transport and fake remotes. */
export const createFakeContext = (): WorldContext & {
  transport: FakeTransport;
  remotes: FakeRemotes;
  bridged: unknown[];
  dispose(): void;
} => {
  const layout = WORLD_LAYOUTS.campus;
  if (!layout) throw new Error('no campus layout');
  let disposed = false;
  const bridged: unknown[] = [];
  return {
    worldId: 'campus',
    layout,
    scene: new THREE.Scene(),
    camera: new THREE.PerspectiveCamera(),
    sink: { input: createInputState(), camera: createCamera(), walkTo: () => {} },
    self: createSelfState(createAvatarBody(layout)),
    remotes: createFakeRemotes(),
    transport: createFakeTransport(),
    pick: () => undefined,
    bridge: (message) => void bridged.push(message),
    bridged,
    wallMs: () => 1000,
    engineMs: () => 500,
    disposed: () => disposed,
    dispose: () => {
      disposed = true;
    },
  };
};

/** An avatar state as the server sends it. */
export const avatar = (id: string, index: number, x = 0, z = 0): AvatarState => ({
  id,
  index,
  username: id,
  roleLabel: 'Guest',
  look: index,
  x,
  y: 0,
  z,
  ry: 0,
  anim: 'idle',
});
