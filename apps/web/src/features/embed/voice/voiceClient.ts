// Issue 30 §2: the page's side of proximity voice: the person's switches (microphone,
// megaphone, a teacher's mutes), what the status line says, and who is heard. The browser sends
// only SDP, ICE and its switches over the app socket; the server decides whose voices reach
// whom. The connections themselves are voiceSfu.ts's (on Janus) or voiceMesh.ts's (without).
import type { ServerPayload, VoiceJoinAck } from '@atrium/protocol';
import { createQueue } from '../../../shared/realtime/rtc.ts';
import { request, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import { createStore, type Store } from '../../../shared/store.ts';
import { createVoiceMesh, type VoiceMesh } from './voiceMesh.ts';
import { createVoiceSfu, type VoiceSfu } from './voiceSfu.ts';
import { createSpeakingDetector, SPEAKING_LEVELS } from './voiceSpeaking.ts';

/** A message the status line shows for a while (or until the next try, for failures). */
export type VoiceNoticeKind =
  'headphones' | 'guest' | 'unavailable' | 'micBlocked' | 'mediaFailed' | 'unmuted' | 'mesh';

export interface VoiceNotice {
  kind: VoiceNoticeKind;
  /** Counts up with each notice, so the same one twice shows twice. */
  seq: number;
}

export interface VoiceState {
  /**
   * `sfu` (Janus) or `mesh` (straight between browsers) once the voice is joined, `off` where it
   * cannot be; null before (or in between).
   */
  mode: VoiceJoinAck['mode'] | null;
  canSpeak: boolean;
  moderator: boolean;
  /** A teacher muted this person. */
  muted: boolean;
  micOn: boolean;
  megaphone: boolean;
  /** The microphone is being opened or published. */
  busy: boolean;
  /** The avatar ids whose voices arrive now. */
  streams: readonly string[];
  notice: VoiceNotice | null;
}

export const initialVoiceState: VoiceState = {
  mode: null,
  canSpeak: false,
  moderator: false,
  muted: false,
  micOn: false,
  megaphone: false,
  busy: false,
  streams: [],
  notice: null,
};

/** What arrived from one voice: the audio line's counters. */
export interface VoiceInbound {
  bytes: number;
  packets: number;
}

export interface VoiceClientOptions {
  socket: AppSocket;
  /** The microphone; the browser's by default. */
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  /** Makes a peer connection; the browser's by default. */
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
  /** The voices to play changed (same stream object while its track lives). */
  onStreams: (streams: ReadonlyMap<string, MediaStream>) => void;
  /** Someone (the person too) started or stopped talking. */
  onSpeaking: (id: string, speaking: boolean) => void;
  /** The person's own avatar id (the mesh rings it when they talk); null before the world joins. */
  selfId?: () => string | null;
  /** The voices heard from everywhere (stage, megaphone) changed: they play at full volume. */
  onBroadcasts?: (ids: ReadonlySet<string>) => void;
  /** Teachers and admins: who is muted in the instance now (avatar ids), by anyone. */
  onMutes?: (ids: readonly string[]) => void;
}

export interface VoiceClient {
  readonly store: Store<VoiceState>;
  /** Joins the voice of the world instance, from scratch: after every join of the world. */
  join(): Promise<void>;
  setMic(on: boolean): Promise<void>;
  setMegaphone(on: boolean): Promise<void>;
  /** Teachers and admins: mute someone (their avatar id) or let them speak again. */
  mute(id: string, muted: boolean): Promise<void>;
  /** Says why the microphone cannot go on (a click on the disabled button). */
  explain(): void;
  /** Bytes and packets received per avatar id, from the receiving connection's statistics. */
  inbound(): Promise<Record<string, VoiceInbound>>;
  /** The microphone's track while it is open (tests force it on, as an edited page would). */
  localTrack(): MediaStreamTrack | null;
  /** Leaves the voice and lets go of the microphone. */
  close(): void;
}

const silently = () => undefined;

/** The voice client over the app socket. */
export function createVoiceClient(options: VoiceClientOptions): VoiceClient {
  const { socket, onStreams, onSpeaking } = options;
  const onBroadcasts = options.onBroadcasts ?? (() => undefined);
  const getUserMedia =
    options.getUserMedia ?? ((c: MediaStreamConstraints) => navigator.mediaDevices.getUserMedia(c));
  const createPeer = options.createPeer ?? ((config) => new RTCPeerConnection(config));
  const store = createStore<VoiceState>(initialVoiceState);
  const update = (patch: Partial<VoiceState>) => store.update((s) => ({ ...s, ...patch }));
  let seq = 0;
  const notice = (kind: VoiceNoticeKind) => update({ notice: { kind, seq: (seq += 1) } });

  const report = (err: unknown) => {
    console.error(new Error('Voice signalling failed.', { cause: err }));
    notice('mediaFailed');
  };
  // The person's switches one after another (the SFU answers its offers in a queue of its own:
  // a microphone prompt waiting for an answer must not hold up the voices arriving).
  const controls = createQueue(report);

  let closed = false;
  /** Counts voice sessions: a job of an older one finds the count moved on and stops. */
  let generation = 0;
  let iceServers: RTCIceServer[] = [];
  /** The person's own wishes, restored after a rejoin. */
  let wantMic = false;
  let wantMegaphone = false;
  let hintShown = false;

  let track: MediaStreamTrack | null = null;
  let streams = new Map<string, MediaStream>();
  /** On Janus: this session's connections to the SFU, made with its first offer or publish. */
  let sfu: VoiceSfu | null = null;
  /** Without Janus: the straight connections to the people near. */
  let mesh: VoiceMesh | null = null;
  const speaking = new Set<string>();
  /** In the mesh, who talks is read from this page's own connections (voiceSpeaking.ts). */
  const detector = createSpeakingDetector((id, on) => handleSpeaking({ id, speaking: on }));
  let levelTimer: ReturnType<typeof setInterval> | null = null;

  const setStreams = (next: Map<string, MediaStream>) => {
    const same = next.size === streams.size && [...next].every(([id, s]) => streams.get(id) === s);
    if (same) return;
    streams = next;
    update({ streams: [...next.keys()] });
    onStreams(next);
  };

  /** Forgets the voice session: the server forgot it (a drop, a rejoin) or the page leaves. */
  const reset = () => {
    generation += 1;
    sfu?.close();
    sfu = null;
    mesh?.close();
    mesh = null;
    if (levelTimer !== null) clearInterval(levelTimer);
    levelTimer = null;
    detector.clear();
    setStreams(new Map());
    for (const id of speaking) onSpeaking(id, false);
    speaking.clear();
    onBroadcasts(new Set());
  };

  const connections = { socket, createPeer, iceServers: () => iceServers, onError: report };
  const ensureSfu = () => (sfu ??= createVoiceSfu({ ...connections, onStreams: setStreams }));

  /** Reads the mesh's levels every SPEAKING_LEVELS.everyMs, one reading at a time. */
  const watchLevels = (of: VoiceMesh) => {
    let reading = false;
    const read = async () => {
      const { own, voices } = await of.levels();
      if (of !== mesh) return;
      const self = options.selfId?.() ?? null;
      const { micOn: on, muted } = store.get();
      if (self !== null && on && !muted) voices.set(self, own);
      detector.read(voices, Date.now());
    };
    levelTimer = setInterval(() => {
      if (reading) return;
      reading = true;
      void read()
        .catch(silently)
        .finally(() => (reading = false));
    }, SPEAKING_LEVELS.everyMs);
  };

  const openMicrophone = async (): Promise<MediaStreamTrack | null> => {
    if (track && track.readyState === 'live') return track;
    try {
      const stream = await getUserMedia({ audio: true });
      track = stream.getAudioTracks()[0] ?? null;
    } catch {
      track = null;
    }
    return track;
  };

  const micOn = async (session: number) => {
    const state = store.get();
    if (state.mode !== 'sfu' && state.mode !== 'mesh') return notice('unavailable');
    if (!state.canSpeak) return notice('guest');
    if (state.muted) return;
    wantMic = true;
    // A failure said last time is old news once the person tries again.
    const failed = state.notice?.kind === 'micBlocked' || state.notice?.kind === 'mediaFailed';
    update({ busy: true, ...(failed ? { notice: null } : {}) });
    try {
      const mic = await openMicrophone();
      if (session !== generation || closed) return;
      if (!mic) {
        wantMic = false;
        notice('micBlocked');
        return;
      }
      mic.enabled = false;
      if (mesh) mesh.setTrack(mic);
      else await ensureSfu().publish(mic);
      if (session !== generation || closed) return;
      const { on } = await request(socket, 'voice:mic', { on: true });
      if (session !== generation || closed) return;
      mic.enabled = on && wantMic;
      update({ micOn: mic.enabled });
      if (mic.enabled && !hintShown) {
        hintShown = true;
        notice('headphones');
      }
    } catch (err: unknown) {
      wantMic = false;
      if (track) track.enabled = false;
      update({ micOn: false });
      if (session === generation && !closed) report(err);
    } finally {
      if (session === generation) update({ busy: false });
    }
  };

  const micOff = async () => {
    wantMic = false;
    // Silent at once, whatever the server says.
    if (track) track.enabled = false;
    update({ micOn: false });
    if (sfu?.published || mesh) await request(socket, 'voice:mic', { on: false }).catch(silently);
  };

  const handleOffer = (offer: ServerPayload<'voice:offer'>) => {
    if (!closed) ensureSfu().offer(offer);
  };
  const handleTrickle = (payload: ServerPayload<'voice:trickle'>) => {
    if (!closed) ensureSfu().trickle(payload);
  };
  const handleSpeaking = ({ id, speaking: on }: ServerPayload<'voice:speaking'>) => {
    if (on) speaking.add(id);
    else speaking.delete(id);
    onSpeaking(id, on);
  };
  const handleBroadcasts = ({ ids }: ServerPayload<'voice:broadcasts'>) =>
    onBroadcasts(new Set(ids));
  const handleMuted = ({ muted }: ServerPayload<'voice:muted'>) => {
    const was = store.get().muted;
    update({ muted });
    if (muted) {
      // The switch goes off too, so that lifting the mute does not open the microphone.
      if (store.get().micOn) controls(micOff);
      wantMic = false;
      if (track) track.enabled = false;
      update({ micOn: false });
    } else if (was) notice('unmuted');
  };
  const handleMutes = ({ ids }: ServerPayload<'voice:mutes'>) => options.onMutes?.(ids);
  const handlePeers = ({ peers }: ServerPayload<'voice:peers'>) => mesh?.setPeers(peers);
  const handleSignal = (signal: ServerPayload<'voice:signal'>) => mesh?.signal(signal);
  const handleDisconnect = () => {
    // The server forgets the voice with the connection; the world's rejoin brings it back.
    reset();
    update({ mode: null, micOn: false, megaphone: false, busy: false });
  };
  socket.on('voice:offer', handleOffer);
  socket.on('voice:trickle', handleTrickle);
  socket.on('voice:speaking', handleSpeaking);
  socket.on('voice:muted', handleMuted);
  socket.on('voice:broadcasts', handleBroadcasts);
  socket.on('voice:peers', handlePeers);
  socket.on('voice:mutes', handleMutes);
  socket.on('voice:signal', handleSignal);
  socket.on('disconnect', handleDisconnect);

  return {
    store,
    async join() {
      if (closed) return;
      reset();
      const session = generation;
      update({ mode: null, micOn: false, megaphone: false, busy: false });
      let ack: VoiceJoinAck;
      try {
        ack = await request(socket, 'voice:join', {});
      } catch (err: unknown) {
        if (session !== generation || closed) return;
        console.error(new Error('Could not join the voice.', { cause: err }));
        update({ mode: 'off' });
        notice('mediaFailed');
        return;
      }
      if (session !== generation || closed) return;
      iceServers = ack.iceServers;
      update({
        mode: ack.mode,
        canSpeak: ack.canSpeak,
        moderator: ack.moderator,
        muted: ack.muted,
      });
      if (ack.mode === 'off') return notice('unavailable');
      if (ack.mode === 'mesh') {
        mesh = createVoiceMesh({ ...connections, onStreams: setStreams });
        watchLevels(mesh);
        if (track?.readyState === 'live') mesh.setTrack(track);
      }
      if (!ack.canSpeak) return notice('guest');
      if (ack.mode === 'mesh') notice('mesh');
      // After a rejoin, the person's switches as they were.
      if (wantMic && !ack.muted) controls(() => micOn(session));
      if (wantMegaphone && ack.moderator) {
        controls(async () => {
          if (session !== generation) return;
          const { on } = await request(socket, 'voice:megaphone', { on: true });
          update({ megaphone: on });
        });
      }
    },
    setMic(on) {
      return new Promise<void>((resolve) => {
        const session = generation;
        controls(async () => {
          try {
            if (!closed && session === generation) await (on ? micOn(session) : micOff());
          } finally {
            resolve();
          }
        });
      });
    },
    setMegaphone(on) {
      return new Promise<void>((resolve) => {
        const session = generation;
        controls(async () => {
          try {
            if (closed || session !== generation || !store.get().moderator) return;
            wantMegaphone = on;
            const answer = await request(socket, 'voice:megaphone', { on });
            if (session === generation) update({ megaphone: answer.on });
          } finally {
            resolve();
          }
        });
      });
    },
    async mute(id, muted) {
      await request(socket, 'voice:mute', { id, muted });
    },
    explain() {
      const state = store.get();
      if (state.mode === 'off') notice('unavailable');
      else if (state.mode !== null && !state.canSpeak) notice('guest');
    },
    async inbound() {
      return (await (mesh ?? sfu)?.inbound()) ?? {};
    },
    localTrack: () => track,
    close() {
      if (closed) return;
      const { mode } = store.get();
      if (socket.connected && (mode === 'sfu' || mode === 'mesh')) {
        void request(socket, 'voice:leave', {}).catch(silently);
      }
      closed = true;
      socket.off('voice:offer', handleOffer);
      socket.off('voice:trickle', handleTrickle);
      socket.off('voice:speaking', handleSpeaking);
      socket.off('voice:muted', handleMuted);
      socket.off('voice:broadcasts', handleBroadcasts);
      socket.off('voice:peers', handlePeers);
      socket.off('voice:mutes', handleMutes);
      socket.off('voice:signal', handleSignal);
      socket.off('disconnect', handleDisconnect);
      reset();
      track?.stop();
      track = null;
      store.set(initialVoiceState);
      store.clear();
    },
  };
}
