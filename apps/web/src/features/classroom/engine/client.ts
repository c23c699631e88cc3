// The classroom's media engine: the SPEC §4 join flow, the room's participants, and the server's
// events, kept in one store the screens read. The person's own tracks are ownMedia.ts's.
import type {
  ClassJoinAck,
  ClassWaiting,
  MediaKind,
  MediaState,
  ParticipantAttributes,
  ServerPayload,
  VideoChannel,
} from '@atrium/protocol';
import { ClassLobbyText, ClassRecordText, isClassroomRoom } from '@atrium/protocol';
import { request, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import { createStore } from '../../../shared/store.ts';
import { browserMedia, openLocalTracks, type LocalTracks, type MediaAccess } from './localMedia.ts';
import { createMeshTransport } from './mesh.ts';
import { createOwnMedia } from './ownMedia.ts';
import { orderTiles, streamHandlers, tileOf, withLevels, withVideo } from './tiles.ts';
import { classOfRoom, createGroupEngine } from './groups.ts';
import { createLobbyEngine } from './lobby.ts';
import { createPollEngine } from './polls.ts';
import { createViewEngine } from './lastn.ts';
import { createSfuTransport } from './sfu.ts';
import type { InboundStats, MediaTransport } from './transport.ts';
import type { ClassroomClient, ClassroomState, ClassroomTile, DeviceChoice } from './types.ts';
import { IDLE_CLASSROOM } from '../panelModel.ts';
import { ClassroomUiText } from '../texts.ts';

/** How often audio levels are read for the active speaker, in ms. */
export const LEVEL_INTERVAL_MS = 250;

/** How long a dropped connection is retried before the class is left with a message (issue 27). */
export const RECONNECT_WINDOW_MS = 60_000;
/** Between two rejoin attempts while the socket is up but the join was refused. */
const REJOIN_RETRY_MS = 3_000;

/** A fresh copy of the state before any class (the panel shows the same before the engine loads). */
export const initialClassroomState = (): ClassroomState => structuredClone(IDLE_CLASSROOM);

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
    setTiles((tiles) => tiles.map((t) => (t.id === id ? withVideo({ ...t, ...change }) : t)));

  let transport: MediaTransport | null = null;
  let selfId: number | null = null;
  let levelTimer: number | null = null;
  /** Bumped on every join and leave, so a late answer of an old join changes nothing. */
  let generation = 0;
  /** While reconnecting: when to give up, and the retry timer. */
  let reconnectDeadline: number | null = null;
  let reconnectTimer: number | null = null;

  /** Keeps `otherSharer` and each tile in line with the participants' attributes. */
  function applyAttributes(id: number, a: ParticipantAttributes, sending: MediaState): void {
    const prohibitedAudio = a.isUnmutedAudioProhibited;
    const prohibitedVideo = a.isUnmutedVideoProhibited;
    patchTile(id, {
      name: a.name,
      sharingScreen: a.shareScreen === 'true',
      audioProhibited: prohibitedAudio,
      videoProhibited: prohibitedVideo,
      ...(id === selfId ? {} : { audioMuted: !sending.audio, videoMuted: !sending.video }),
    });
    if (id === selfId) own.applySelf(id, a);
    const sharer = store.get().tiles.find((t) => t.sharingScreen && !t.self);
    update({ otherSharer: sharer ? sharer.name : null });
  }

  const joined = () => store.get().phase === 'joined';
  const own = createOwnMedia({
    socket,
    store,
    media,
    transport: () => transport,
    selfId: () => selfId,
    patchTile,
    joined,
  });
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
    attributes: ({ id, attributes, sending }: ServerPayload<'class:attributes'>) => {
      if (joined()) applyAttributes(id, attributes, sending);
    },
    flags: (flags: ServerPayload<'class:flags'>) => {
      if (joined()) update({ flags });
    },
    hands: ({ hands }: ServerPayload<'class:hands'>) => {
      if (joined()) update({ hands });
    },
    disconnect: () => {
      const s = store.get();
      // The server has let go already. In class, the engine rejoins the same room when the
      // connection is back (issue 27); otherwise the panel is left (SPEC §4).
      // A waiting person knocks again when the connection is back (the server let go of them).
      if (s.phase === 'joined' && s.room) startReconnect(s.room);
      else if (s.phase !== 'idle' && s.phase !== 'waiting' && !s.reconnecting) teardown(null);
    },
    // Issue 28 §6: the Janus holding this class went away; the server moved the room to another.
    // The class shows "Reconnecting…" and joins again at once, with the same devices.
    mediaMoved: ({ room }: ServerPayload<'class:media-moved'>) => {
      const s = store.get();
      if (s.phase !== 'joined' || s.room !== room) return;
      startReconnect(room);
      void rejoin(room);
    },
    connect: () => {
      const room = store.get().room;
      if (store.get().reconnecting && room) void rejoin(room);
      else if (store.get().phase === 'waiting' && room) void knock(room);
    },
  };
  socket.on('class:joined', on.joined);
  socket.on('class:published', on.published);
  socket.on('class:left', on.left);
  socket.on('class:attributes', on.attributes);
  socket.on('class:flags', on.flags);
  socket.on('class:hands', on.hands);
  socket.on('disconnect', on.disconnect);
  socket.on('connect', on.connect);
  socket.on('class:media-moved', on.mediaMoved);
  const polls = createPollEngine(socket, store, joined);
  // Issue 28: the waiting room. The server decides; the page follows what it hears.
  const lobby = createLobbyEngine(socket, store, {
    admitted: (room) => {
      const s = store.get();
      if (s.phase === 'waiting' && s.room === room) void knock(room);
    },
    denied: (room) => {
      const s = store.get();
      if (s.phase === 'waiting' && s.room === room) teardown(ClassLobbyText.denied);
    },
    removed: (room) => {
      const s = store.get();
      if (s.room === room && s.phase !== 'idle') teardown(ClassLobbyText.removed);
    },
    ended: (room) => {
      const s = store.get();
      if (s.room === room && s.phase !== 'idle') teardown(ClassRecordText.ended);
    },
  });
  const groups = createGroupEngine(socket, store, (room) => switchRoom(room));
  const view = createViewEngine(socket, store);

  async function readLevels(): Promise<void> {
    if (!transport || !joined()) return;
    const [inbound, ownLevel] = await Promise.all([transport.inbound(), transport.ownLevel()]);
    const tiles = store.get().tiles;
    const next = withLevels(tiles, inbound, store.get().mic.on ? ownLevel : 0);
    if (next.some((t, i) => t.level !== tiles[i]?.level)) setTiles(() => next);
    groups.ownSpeaking(next.find((t) => t.self)?.speaking ?? false);
  }

  /** Drops the connections to the room but keeps the person's tracks, for a rejoin. */
  function dropTransport(): void {
    if (levelTimer !== null) window.clearInterval(levelTimer);
    levelTimer = null;
    transport?.close();
    transport = null;
  }

  function stopReconnecting(): void {
    if (reconnectTimer !== null) window.clearTimeout(reconnectTimer);
    reconnectTimer = null;
    reconnectDeadline = null;
  }

  function teardown(error: string | null): void {
    generation += 1;
    stopReconnecting();
    dropTransport();
    own.stopTracks();
    selfId = null;
    store.set({ ...initialClassroomState(), error });
  }

  /**
   * The socket dropped in class: "Reconnecting…" shows, the tracks stay open, and the same room is
   * joined again when the socket is back; after RECONNECT_WINDOW_MS the class is left with a
   * message. A screen share ends (a capture is only ever started by the person's own click).
   */
  function startReconnect(room: VideoChannel): void {
    generation += 1;
    dropTransport();
    own.dropScreen();
    selfId = null;
    reconnectDeadline ??= Date.now() + RECONNECT_WINDOW_MS;
    update({ reconnecting: true, sharing: false, otherSharer: null });
    scheduleRejoin(room, RECONNECT_WINDOW_MS);
  }

  /** Gives up at the deadline, or tries again after `delay` if the socket is up by then. */
  function scheduleRejoin(room: VideoChannel, delay: number): void {
    if (reconnectTimer !== null) window.clearTimeout(reconnectTimer);
    const left = (reconnectDeadline ?? Date.now()) - Date.now();
    reconnectTimer = window.setTimeout(
      () => {
        reconnectTimer = null;
        if (!store.get().reconnecting) return;
        if (Date.now() >= (reconnectDeadline ?? 0)) teardown(ClassroomUiText.reconnectFailed);
        else if (socket.connected) void rejoin(room);
        else scheduleRejoin(room, RECONNECT_WINDOW_MS);
      },
      Math.max(0, Math.min(delay, left)),
    );
  }

  async function rejoin(room: VideoChannel): Promise<void> {
    const run = ++generation;
    const s = store.get();
    const keep = { mic: s.mic.on, camera: s.camera.on };
    let ack: ClassJoinAck | ClassWaiting;
    try {
      ack = await request(socket, 'class:join', { room });
    } catch {
      if (run === generation && store.get().reconnecting) scheduleRejoin(room, REJOIN_RETRY_MS);
      return;
    }
    if (run !== generation) return;
    stopReconnecting();
    if ('waiting' in ack) {
      // Removed meanwhile, or the door closed while the connection was down: wait to come in.
      selfId = null;
      store.set({ ...initialClassroomState(), phase: 'waiting', room, devices: s.devices });
      return;
    }
    await enterRoom(run, ack, keep);
  }

  /**
   * Moves from the room this person is in to `room` (a breakout group and back, issue 28 §4):
   * the same devices and switches, a new connection to the new room. A refusal says why and
   * leaves the person where the server has them (nowhere, after a refused join).
   */
  async function switchRoom(room: VideoChannel): Promise<void> {
    const s = store.get();
    if (s.phase !== 'joined' || s.room === room) return;
    const run = ++generation;
    const keep = { mic: s.mic.on, camera: s.camera.on };
    await own.endCapture();
    dropTransport();
    selfId = null;
    update({ room, tiles: [], otherSharer: null, hands: [], poll: null });
    let ack: ClassJoinAck | ClassWaiting;
    try {
      ack = await request(socket, 'class:join', { room });
    } catch (err) {
      if (run === generation) teardown(message(err));
      return;
    }
    if (run !== generation) return;
    if ('waiting' in ack) {
      store.set({ ...initialClassroomState(), phase: 'waiting', room, devices: s.devices });
      return;
    }
    await enterRoom(run, ack, keep);
  }

  /**
   * From the lobby: asks to come in again (a teacher let this person in, or the connection came
   * back while waiting, which puts them back in the lobby if they still have to wait).
   */
  async function knock(room: VideoChannel): Promise<void> {
    const run = ++generation;
    let ack: ClassJoinAck | ClassWaiting;
    try {
      ack = await request(socket, 'class:join', { room });
    } catch (err) {
      if (run === generation) teardown(message(err));
      return;
    }
    if (run !== generation || 'waiting' in ack) return;
    await enterRoom(run, ack, { mic: true, camera: true });
  }

  async function leave(): Promise<void> {
    if (store.get().phase === 'idle' && !transport) return;
    teardown(null);
    await request(socket, 'class:leave', {}).catch(() => undefined);
  }

  async function join(room: VideoChannel, devices: DeviceChoice = {}): Promise<void> {
    if (store.get().phase !== 'idle' || transport || store.get().reconnecting) await leave();
    const run = ++generation;
    store.set({ ...initialClassroomState(), phase: 'joining', room, devices });
    const opened = await openLocalTracks(media, devices);
    let ack: ClassJoinAck | ClassWaiting;
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
    own.tracks = opened;
    // "Ask to join": the person waits with their devices ready, and nothing of the class.
    if ('waiting' in ack) update({ phase: 'waiting' });
    else await enterRoom(run, ack, { mic: true, camera: true });
  }

  /**
   * The common end of a join and a rejoin: the room's state, the transport, and publishing.
   * `keep` is the person's own switches (on for a new join; as they were for a rejoin).
   */
  async function enterRoom(
    run: number,
    ack: ClassJoinAck,
    keep: { mic: boolean; camera: boolean },
  ): Promise<void> {
    selfId = ack.id;
    own.resetReported();
    const { tracks } = own;
    const audioProhibited = ack.attributes.isUnmutedAudioProhibited;
    const videoProhibited = ack.attributes.isUnmutedVideoProhibited;
    const micOn = !!tracks.audio && keep.mic && !audioProhibited;
    const cameraOn = !!tracks.video && keep.camera && !videoProhibited;
    if (tracks.audio) tracks.audio.enabled = micOn;
    const me: ClassroomTile = {
      ...tileOf(
        {
          id: ack.id,
          userId: ack.userId,
          role: ack.host ? 'teacher' : 'member',
          publishing: true,
          attributes: ack.attributes,
          sending: { audio: micOn, video: cameraOn },
        },
        true,
      ),
    };
    const others = ack.participants.filter((p) => p.id !== ack.id).map((p) => tileOf(p, false));
    store.set({
      ...store.get(),
      phase: 'joined',
      mode: ack.mode,
      enforced: ack.enforced,
      host: ack.host,
      joinedAt: Date.now(),
      startedAt: Date.now() - ack.elapsedMs,
      reconnecting: false,
      sharing: false,
      tiles: orderTiles([me, ...others]),
      mic: { available: !!tracks.audio, on: micOn, prohibited: audioProhibited },
      camera: { available: !!tracks.video, on: cameraOn, prohibited: videoProhibited },
      flags: ack.flags,
      hands: ack.hands,
      lobby: ack.lobby,
      otherSharer: others.find((t) => t.sharingScreen)?.name ?? null,
    });
    own.refreshSelfVideo();
    own.reportSending();
    // A class's open poll (or shown results) for whoever comes in, late or again (issue 28).
    if (isClassroomRoom(ack.room)) {
      void polls.refresh(() => run === generation).catch(() => undefined);
    }
    // The class's breakout groups, in its main room and in a group's (issue 28 §4).
    if (classOfRoom(ack.room)) {
      void groups.refresh(() => run === generation).catch(() => undefined);
    }
    const options = {
      socket,
      self: ack.id,
      iceServers: ack.iceServers,
      ...streamHandlers(patchTile),
      onError: (text: string) => update({ error: text }),
    };
    transport = ack.mode === 'sfu' ? createSfuTransport(options) : createMeshTransport(options);
    const sent: LocalTracks = { audio: tracks.audio, video: cameraOn ? tracks.video : null };
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
      if (run === generation) update({ error: message(err) });
    }
  }

  async function stopShareOf(target: number): Promise<void> {
    await request(socket, 'class:stop-share', { target });
  }

  async function muteAll(kind: MediaKind, mute: boolean): Promise<void> {
    const flags = await request(socket, 'class:mute-all', { kind, mute });
    update({ flags });
  }

  async function setHand(up: boolean): Promise<void> {
    const { hands } = await request(socket, up ? 'class:hand:raise' : 'class:hand:lower', {});
    update({ hands });
  }

  async function lowerHand(userId: string | null): Promise<void> {
    const { hands } = await request(
      socket,
      userId === null ? 'class:hand:lower-all' : 'class:hand:lower',
      userId === null ? {} : { userId },
    );
    update({ hands });
  }

  const debug: ClassroomDebug = {
    async inbound() {
      const map = (await transport?.inbound()) ?? new Map<number, InboundStats>();
      return Object.fromEntries(map);
    },
    local: () => own.tracks,
  };

  const actions = {
    join,
    leave,
    setMic: own.setMic,
    setCamera: own.setCamera,
    switchDevices: own.switchDevices,
    setScreenShare: own.setScreenShare,
    stopShareOf,
    muteAll,
    setHand,
    lowerHand,
    showTile: (id: number, place: { visible: boolean; width: number } | null) =>
      view.showTile(id, place),
    ...polls.actions,
    ...lobby.actions,
    ...groups.actions,
  };
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
      socket.off('class:hands', on.hands);
      socket.off('disconnect', on.disconnect);
      socket.off('connect', on.connect);
      socket.off('class:media-moved', on.mediaMoved);
      polls.dispose();
      lobby.dispose();
      groups.dispose();
      view.dispose();
      store.clear();
    },
  };
}
