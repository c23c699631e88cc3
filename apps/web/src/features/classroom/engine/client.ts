// The classroom's media engine: the SPEC §4 join flow, the person's own tracks, the room's
// participants, and the server's events, kept in one store the screens read.
import type {
  ClassJoinAck,
  ClassParticipant,
  MediaKind,
  ParticipantAttributes,
  ServerPayload,
  VideoChannel,
} from '@atrium/protocol';
import { request, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import { createStore } from '../../../shared/store.ts';
import {
  browserMedia,
  openLocalTracks,
  openTrack,
  type LocalTracks,
  type MediaAccess,
} from './localMedia.ts';
import { createMeshTransport } from './mesh.ts';
import { createSfuTransport } from './sfu.ts';
import type { InboundStats, MediaTransport } from './transport.ts';
import {
  ACTIVE_SPEAKER_LEVEL,
  type ClassroomClient,
  type ClassroomState,
  type ClassroomTile,
  type DeviceChoice,
  type SwitchResult,
} from './types.ts';
import { IDLE_CLASSROOM } from '../panelModel.ts';

/** How often audio levels are read for the active speaker, in ms. */
export const LEVEL_INTERVAL_MS = 250;

/** A fresh copy of the state before any class (the panel shows the same before the engine loads). */
export const initialClassroomState = (): ClassroomState => structuredClone(IDLE_CLASSROOM);

/** Self first, then whoever speaks, then the others in the order they came. */
export function orderTiles(tiles: ClassroomTile[]): ClassroomTile[] {
  const rank = (t: ClassroomTile) => (t.self ? 0 : t.speaking ? 1 : 2);
  return tiles
    .map((tile, index) => ({ tile, index }))
    .sort((a, b) => rank(a.tile) - rank(b.tile) || a.index - b.index)
    .map(({ tile }) => tile);
}

const tileOf = (p: ClassParticipant, self: boolean): ClassroomTile => ({
  id: p.id,
  userId: p.userId,
  name: p.attributes.name,
  role: p.role,
  self,
  stream: null,
  hasVideo: false,
  audioMuted: p.attributes.isUnmutedAudioProhibited,
  videoMuted: p.attributes.isUnmutedVideoProhibited,
  sharingScreen: p.attributes.shareScreen === 'true',
  audioProhibited: p.attributes.isUnmutedAudioProhibited,
  videoProhibited: p.attributes.isUnmutedVideoProhibited,
  level: 0,
  speaking: false,
});

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface ClassroomClientOptions {
  media?: MediaAccess;
}

/** A debug handle for support staff and the e2e tests (`window.__atriumClassroom`). */
export interface ClassroomDebug {
  inbound(): Promise<Record<number, InboundStats>>;
  local(): LocalTracks;
}

export function createClassroomClient(
  socket: AppSocket,
  options: ClassroomClientOptions = {},
): ClassroomClient & { debug: ClassroomDebug } {
  const media = options.media ?? browserMedia();
  const store = createStore<ClassroomState>(initialClassroomState());
  const update = (change: Partial<ClassroomState>) => store.update((s) => ({ ...s, ...change }));
  const setTiles = (change: (tiles: ClassroomTile[]) => ClassroomTile[]) =>
    store.update((s) => ({ ...s, tiles: orderTiles(change(s.tiles)) }));
  const patchTile = (id: number, change: Partial<ClassroomTile>) =>
    setTiles((tiles) => tiles.map((t) => (t.id === id ? { ...t, ...change } : t)));

  let transport: MediaTransport | null = null;
  let tracks: LocalTracks = { audio: null, video: null };
  let screen: MediaStreamTrack | null = null;
  let selfId: number | null = null;
  let levelTimer: number | null = null;
  /** Bumped on every join and leave, so a late answer of an old join changes nothing. */
  let generation = 0;

  const stopTracks = () => {
    for (const track of [tracks.audio, tracks.video, screen]) track?.stop();
    tracks = { audio: null, video: null };
    screen = null;
  };

  /** Shows what the others can now see of the person's camera or screen. */
  const refreshSelfVideo = () => {
    const s = store.get();
    const video = screen ?? (s.camera.on ? tracks.video : null);
    const stream = new MediaStream(video ? [video] : []);
    if (selfId !== null) patchTile(selfId, { stream, hasVideo: video !== null });
  };

  /** Keeps `otherSharer` and each tile in line with the participants' attributes. */
  function applyAttributes(id: number, a: ParticipantAttributes): void {
    const prohibitedAudio = a.isUnmutedAudioProhibited;
    const prohibitedVideo = a.isUnmutedVideoProhibited;
    patchTile(id, {
      name: a.name,
      sharingScreen: a.shareScreen === 'true',
      audioProhibited: prohibitedAudio,
      videoProhibited: prohibitedVideo,
      ...(id === selfId ? {} : { audioMuted: prohibitedAudio, videoMuted: prohibitedVideo }),
    });
    if (id === selfId) {
      const s = store.get();
      // A prohibition turns the input off; lifting it gives permission back, never sound.
      if (prohibitedAudio && tracks.audio) tracks.audio.enabled = false;
      if (prohibitedVideo && s.camera.on && !screen) void transport?.replaceTrack('video', null);
      update({
        mic: { ...s.mic, prohibited: prohibitedAudio, on: prohibitedAudio ? false : s.mic.on },
        camera: {
          ...s.camera,
          prohibited: prohibitedVideo,
          on: prohibitedVideo ? false : s.camera.on,
        },
      });
      patchTile(id, {
        audioMuted: !store.get().mic.on,
        videoMuted: !store.get().camera.on,
      });
      refreshSelfVideo();
    }
    const sharer = store.get().tiles.find((t) => t.sharingScreen && !t.self);
    update({ otherSharer: sharer ? sharer.name : null });
  }

  const joined = () => store.get().phase === 'joined';
  const on = {
    joined: (p: ServerPayload<'class:joined'>) => {
      if (!joined() || p.id === selfId) return;
      setTiles((tiles) => [...tiles.filter((t) => t.id !== p.id), tileOf(p, false)]);
      if (store.get().mode === 'mesh') transport?.connect(p.id);
    },
    published: ({ id }: ServerPayload<'class:published'>) => {
      if (joined() && store.get().mode === 'sfu' && id !== selfId) transport?.connect(id);
    },
    left: ({ id }: ServerPayload<'class:left'>) => {
      if (!joined()) return;
      transport?.disconnect(id);
      setTiles((tiles) => tiles.filter((t) => t.id !== id));
      const sharer = store.get().tiles.find((t) => t.sharingScreen && !t.self);
      update({ otherSharer: sharer ? sharer.name : null });
    },
    attributes: ({ id, attributes }: ServerPayload<'class:attributes'>) => {
      if (joined()) applyAttributes(id, attributes);
    },
    flags: (flags: ServerPayload<'class:flags'>) => {
      if (joined()) update({ flags });
    },
    disconnect: () => {
      // SPEC §4: the panel is left on window disconnect; the server has let go already.
      if (store.get().phase !== 'idle') teardown(null);
    },
  };
  socket.on('class:joined', on.joined);
  socket.on('class:published', on.published);
  socket.on('class:left', on.left);
  socket.on('class:attributes', on.attributes);
  socket.on('class:flags', on.flags);
  socket.on('disconnect', on.disconnect);

  async function readLevels(): Promise<void> {
    if (!transport || !joined()) return;
    const [inbound, own] = await Promise.all([transport.inbound(), transport.ownLevel()]);
    const levelOf = (t: ClassroomTile) => {
      if (t.self) return store.get().mic.on ? Math.round(own * 100) : 0;
      return Math.round((inbound.get(t.id)?.audioLevel ?? 0) * 100);
    };
    const tiles = store.get().tiles;
    const next = tiles.map((t) => {
      const level = levelOf(t);
      return { ...t, level, speaking: level >= ACTIVE_SPEAKER_LEVEL };
    });
    if (next.some((t, i) => t.level !== tiles[i]?.level)) setTiles(() => next);
  }

  function teardown(error: string | null): void {
    generation += 1;
    if (levelTimer !== null) window.clearInterval(levelTimer);
    levelTimer = null;
    transport?.close();
    transport = null;
    stopTracks();
    selfId = null;
    store.set({ ...initialClassroomState(), error });
  }

  async function leave(): Promise<void> {
    if (store.get().phase === 'idle' && !transport) return;
    teardown(null);
    await request(socket, 'class:leave', {}).catch(() => undefined);
  }

  async function join(room: VideoChannel, devices: DeviceChoice = {}): Promise<void> {
    if (store.get().phase !== 'idle' || transport) await leave();
    const run = ++generation;
    store.set({ ...initialClassroomState(), phase: 'joining', room, devices });
    const opened = await openLocalTracks(media, devices);
    let ack: ClassJoinAck;
    try {
      if (run !== generation) throw new Error('superseded');
      ack = await request(socket, 'class:join', { room });
    } catch (err) {
      for (const track of [opened.audio, opened.video]) track?.stop();
      if (run === generation)
        store.set({ ...initialClassroomState(), phase: 'failed', room, error: message(err) });
      throw err;
    }
    if (run !== generation) {
      for (const track of [opened.audio, opened.video]) track?.stop();
      return;
    }
    tracks = opened;
    selfId = ack.id;
    const audioProhibited = ack.attributes.isUnmutedAudioProhibited;
    const videoProhibited = ack.attributes.isUnmutedVideoProhibited;
    if (tracks.audio) tracks.audio.enabled = !audioProhibited;
    const me: ClassroomTile = {
      ...tileOf(
        {
          id: ack.id,
          userId: '',
          role: ack.host ? 'teacher' : 'member',
          publishing: true,
          attributes: ack.attributes,
        },
        true,
      ),
      audioMuted: !tracks.audio || audioProhibited,
      videoMuted: !tracks.video || videoProhibited,
    };
    const others = ack.participants.filter((p) => p.id !== ack.id).map((p) => tileOf(p, false));
    store.set({
      ...store.get(),
      phase: 'joined',
      mode: ack.mode,
      enforced: ack.enforced,
      host: ack.host,
      joinedAt: Date.now(),
      tiles: orderTiles([me, ...others]),
      mic: {
        available: !!tracks.audio,
        on: !!tracks.audio && !audioProhibited,
        prohibited: audioProhibited,
      },
      camera: {
        available: !!tracks.video,
        on: !!tracks.video && !videoProhibited,
        prohibited: videoProhibited,
      },
      flags: ack.flags,
      otherSharer: others.find((t) => t.sharingScreen)?.name ?? null,
    });
    refreshSelfVideo();
    const options = {
      socket,
      self: ack.id,
      iceServers: ack.iceServers,
      onStream: (id: number, stream: MediaStream) => {
        const video = stream.getVideoTracks()[0];
        patchTile(id, { stream, hasVideo: !!video && !video.muted });
        if (video) {
          // The far side stops sending (camera off): its track mutes, the tile shows initials.
          video.onmute = () => patchTile(id, { hasVideo: false });
          video.onunmute = () => patchTile(id, { hasVideo: true });
        }
      },
      onError: (text: string) => update({ error: text }),
    };
    transport = ack.mode === 'sfu' ? createSfuTransport(options) : createMeshTransport(options);
    const sent: LocalTracks = { audio: tracks.audio, video: videoProhibited ? null : tracks.video };
    for (const p of ack.participants) {
      if (ack.mode === 'mesh' || p.publishing) transport.connect(p.id);
    }
    levelTimer = window.setInterval(
      () => void readLevels().catch(() => undefined),
      LEVEL_INTERVAL_MS,
    );
    try {
      await transport.publish(sent);
    } catch (err) {
      update({ error: message(err) });
    }
  }

  async function setMic(onNow: boolean): Promise<void> {
    const s = store.get();
    if (!tracks.audio || (onNow && s.mic.prohibited)) return;
    tracks.audio.enabled = onNow;
    update({ mic: { ...s.mic, on: onNow } });
    if (selfId !== null) patchTile(selfId, { audioMuted: !onNow });
  }

  async function setCamera(onNow: boolean): Promise<void> {
    const s = store.get();
    if (!tracks.video || (onNow && s.camera.prohibited)) return;
    // Off sends nothing (not black frames), so the others see the initials.
    if (!screen) await transport?.replaceTrack('video', onNow ? tracks.video : null);
    update({ camera: { ...s.camera, on: onNow } });
    if (selfId !== null) patchTile(selfId, { videoMuted: !onNow });
    refreshSelfVideo();
  }

  async function switchDevices(choice: DeviceChoice): Promise<SwitchResult> {
    const result: SwitchResult = {};
    const s = store.get();
    for (const kind of ['audio', 'video'] as const) {
      const key = kind === 'audio' ? 'mic' : 'camera';
      const wantedId = choice[key];
      if (wantedId === undefined || wantedId === s.devices[key]) continue;
      const track = await openTrack(media, kind, wantedId);
      result[key] = track !== null;
      if (!track) continue;
      const old = tracks[kind];
      tracks = { ...tracks, [kind]: track };
      if (kind === 'audio') {
        track.enabled = store.get().mic.on;
        await transport?.replaceTrack('audio', track);
      } else if (!screen && store.get().camera.on) {
        await transport?.replaceTrack('video', track);
      }
      old?.stop();
      store.update((st) => ({
        ...st,
        devices: { ...st.devices, [key]: wantedId },
        [key]: { ...st[key], available: true },
      }));
    }
    refreshSelfVideo();
    return result;
  }

  async function setScreenShare(onNow: boolean): Promise<void> {
    if (!joined()) return;
    if (onNow) {
      if (screen) return;
      await request(socket, 'class:share', { on: true });
      let track: MediaStreamTrack | null = null;
      try {
        const stream = await media.getDisplayMedia({ video: true, audio: false });
        track = stream.getVideoTracks()[0] ?? null;
      } catch {
        track = null;
      }
      if (!track) {
        await request(socket, 'class:share', { on: false }).catch(() => undefined);
        return;
      }
      screen = track;
      // The browser's own "Stop sharing" bar ends the track.
      track.onended = () => void setScreenShare(false);
      await transport?.replaceTrack('video', track);
      update({ sharing: true });
    } else {
      if (!screen) return;
      const old = screen;
      screen = null;
      await transport?.replaceTrack('video', store.get().camera.on ? tracks.video : null);
      old.stop();
      update({ sharing: false });
      await request(socket, 'class:share', { on: false }).catch(() => undefined);
    }
    refreshSelfVideo();
  }

  async function muteAll(kind: MediaKind, mute: boolean): Promise<void> {
    const flags = await request(socket, 'class:mute-all', { kind, mute });
    update({ flags });
  }

  const debug: ClassroomDebug = {
    async inbound() {
      const map = (await transport?.inbound()) ?? new Map<number, InboundStats>();
      return Object.fromEntries(map);
    },
    local: () => tracks,
  };

  const actions = { join, leave, setMic, setCamera, switchDevices, setScreenShare, muteAll };
  // Support staff read a class's connections from the console; the e2e tests and benchmarks
  // read the frames and packets that arrive. It gives a page script nothing it could not do.
  (window as { __atriumClassroom?: unknown }).__atriumClassroom = { store, debug };
  return {
    store,
    actions,
    debug,
    dispose() {
      void leave();
      socket.off('class:joined', on.joined);
      socket.off('class:published', on.published);
      socket.off('class:left', on.left);
      socket.off('class:attributes', on.attributes);
      socket.off('class:flags', on.flags);
      socket.off('disconnect', on.disconnect);
      store.clear();
    },
  };
}
