import { ClassroomText } from '@atrium/protocol';
import { createStore } from '../../../shared/store.ts';
import type {
  ClassroomClient,
  ClassroomState,
  ClassroomTile,
  SwitchResult,
} from '../engine/types.ts';
import { IDLE_CLASSROOM } from '../panelModel.ts';
import { fakeCameraStream } from './fakeMedia.ts';
import { createFakeGroups } from './fakeGroups.ts';
import { createFakePolls } from './fakePolls.ts';

const on = { available: true, on: true, prohibited: false };

/** A participant for the preview, with a canvas camera unless `video` is false. */
export function fakeTile(
  id: number,
  name: string,
  change: Partial<ClassroomTile> & { hue?: number } = {},
): ClassroomTile {
  const { hue = (id * 67) % 360, ...rest } = change;
  const hasVideo = rest.hasVideo ?? true;
  return {
    id,
    userId: `user-${id}`,
    name,
    role: 'member',
    self: false,
    stream: hasVideo ? fakeCameraStream(name, hue, false) : null,
    screen: rest.sharingScreen === true ? fakeCameraStream(name, hue, true) : null,
    videoLive: hasVideo,
    hasVideo,
    audioMuted: false,
    videoMuted: !hasVideo,
    sharingScreen: false,
    audioProhibited: false,
    videoProhibited: false,
    level: 0,
    speaking: false,
    ...rest,
  };
}

/** A joined classroom state for the preview. */
export function joinedState(change: Partial<ClassroomState>): ClassroomState {
  return {
    ...IDLE_CLASSROOM,
    phase: 'joined',
    room: 'room-1',
    mode: 'sfu',
    enforced: true,
    joinedAt: Date.now() - 754_000,
    startedAt: Date.now() - 754_000,
    mic: on,
    camera: on,
    ...change,
  };
}

const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * A `ClassroomClient` without media or server, for the dev preview: its actions change the
 * state the way the engine would, so every button can be tried.
 */
export function createFakeClassroomClient(initial: ClassroomState): ClassroomClient {
  const store = createStore<ClassroomState>(initial);
  const patch = (change: Partial<ClassroomState>) => store.update((s) => ({ ...s, ...change }));
  const self = () => store.get().tiles.find((t) => t.self);
  const patchSelf = (change: Partial<ClassroomTile>) =>
    store.update((s) => ({
      ...s,
      tiles: s.tiles.map((t) => (t.self ? { ...t, ...change } : t)),
    }));
  return {
    store,
    actions: {
      ...createFakePolls(store),
      async join(room, devices = {}) {
        patch({ ...IDLE_CLASSROOM, phase: 'joining', room });
        await pause(700);
        patch(
          joinedState({
            room,
            devices,
            joinedAt: Date.now(),
            startedAt: Date.now(),
            tiles: [fakeTile(1, 'You', { self: true, hue: 220 })],
          }),
        );
      },
      async leave() {
        patch(IDLE_CLASSROOM);
        return Promise.resolve();
      },
      async setMic(next) {
        if (store.get().mic.prohibited) return;
        patch({ mic: { ...store.get().mic, on: next } });
        patchSelf({ audioMuted: !next });
        return Promise.resolve();
      },
      async setCamera(next) {
        if (store.get().camera.prohibited) return;
        patch({ camera: { ...store.get().camera, on: next } });
        patchSelf({ hasVideo: next && Boolean(self()?.stream) });
        return Promise.resolve();
      },
      async switchDevices(choice) {
        await pause(300);
        const result: SwitchResult = {};
        if (choice.camera !== undefined) result.camera = true;
        if (choice.mic !== undefined) result.mic = true;
        patch({ devices: { ...store.get().devices, ...choice } });
        return result;
      },
      async setScreenShare(next) {
        if (next && store.get().otherSharer) throw new Error(ClassroomText.screenShareTaken);
        patch({ sharing: next });
        patchSelf({ sharingScreen: next });
        return Promise.resolve();
      },
      async stopShareOf(target) {
        await pause(200);
        store.update((s) => ({
          ...s,
          otherSharer: null,
          tiles: s.tiles.map((t) => (t.id === target ? { ...t, sharingScreen: false } : t)),
        }));
      },
      // The preview forwards every camera: there is no server to choose (issue 28 §6).
      showTile() {},
      async muteAll(kind, mute) {
        await pause(200);
        const key = kind === 'audio' ? 'global_mute_audio_config' : 'global_mute_video_config';
        patch({ flags: { ...store.get().flags, [key]: mute } });
      },
      async setHand(up) {
        const me = self();
        if (!me) return;
        const others = store.get().hands.filter((h) => h.userId !== me.userId);
        const mine = store.get().hands.find((h) => h.userId === me.userId);
        const raised = mine ?? { userId: me.userId, name: me.name, raisedAt: Date.now() };
        patch({ hands: up ? [...others, raised] : others });
        return Promise.resolve();
      },
      async lowerHand(userId) {
        await pause(150);
        patch({ hands: userId ? store.get().hands.filter((h) => h.userId !== userId) : [] });
      },
      // Issue 28 §1: the lobby as the server would keep it for a teacher.
      async setEntryPolicy(policy) {
        await pause(150);
        const current = store.get().lobby ?? { policy, waiting: [] };
        patch({ lobby: { policy, waiting: policy === 'open' ? [] : current.waiting } });
      },
      async admit(userId) {
        await pause(150);
        const current = store.get().lobby;
        if (!current) return;
        const coming = current.waiting.filter((w) => userId === null || w.userId === userId);
        patch({
          lobby: { ...current, waiting: current.waiting.filter((w) => !coming.includes(w)) },
          tiles: [
            ...store.get().tiles,
            ...coming.map((w, i) => fakeTile(50 + store.get().tiles.length + i, w.name)),
          ],
        });
      },
      async deny(userId) {
        await pause(150);
        const current = store.get().lobby;
        if (!current) return;
        patch({
          lobby: { ...current, waiting: current.waiting.filter((w) => w.userId !== userId) },
        });
      },
      async removeParticipant(target) {
        await pause(150);
        store.update((s) => ({ ...s, tiles: s.tiles.filter((t) => t.id !== target) }));
      },
      async endClass() {
        await pause(150);
        patch({ ...IDLE_CLASSROOM });
      },
      // Issue 28 §4: breakout groups as the server would keep them.
      ...createFakeGroups(store),
    },
    dispose() {
      for (const tile of store.get().tiles) {
        for (const track of tile.stream?.getTracks() ?? []) track.stop();
      }
      store.clear();
    },
  };
}
