// The world page's voice: the client (signalling and connections), the spatial audio, the
// world's view (joins, positions, rings) and the status the controls show, tied together for
// as long as one world runs.
import { voiceAreaAt, type VoiceArea } from '@atrium/protocol';
import { testHooksEnabled, type WorldVoiceView } from '@atrium/world/render';
import { connectSocket, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import { createStore, type Store } from '../../../shared/store.ts';
import { createSpatialAudio, type SpatialAudio } from './spatialAudio.ts';
import {
  createVoiceClient,
  initialVoiceState,
  type VoiceClient,
  type VoiceClientOptions,
  type VoiceInbound,
  type VoiceState,
} from './voiceClient.ts';

/** What the voice controls show. */
export interface VoiceView {
  voice: VoiceState;
  /** The voice area the person's avatar stands in. */
  area: VoiceArea | null;
  /** False while the browser holds the sound until a click. */
  audioRunning: boolean;
  /**
   * Teachers and admins: avatar ids muted in this instance, by them or another moderator (a muted
   * voice is no longer received, so the list keeps them to let them speak again).
   */
  mutedHere: string[];
}

/** The voice controls' handle on the session. */
export interface VoiceSession {
  readonly store: Store<VoiceView>;
  readonly setMic: (on: boolean) => void;
  readonly setMegaphone: (on: boolean) => void;
  /** A click on the microphone while it cannot go on: the status says why. */
  readonly explain: () => void;
  /** Starts the sound (a click on "Click to hear people near you"). */
  readonly resumeAudio: () => void;
  /** Teachers and admins: mutes someone at the server's media server, or lets them speak. */
  readonly mute: (id: string, muted: boolean) => Promise<void>;
  /** The name the world shows over an avatar, or null once it left. */
  readonly nameOf: (id: string) => string | null;
  readonly dispose: () => void;
}

/** The e2e tests' window onto the voice (`window.__atriumVoice`, with `?e2e=1` or in dev). */
export interface AtriumVoiceHook {
  debug: {
    /** Bytes and packets received per avatar id. */
    inbound(): Promise<Record<string, VoiceInbound>>;
    micOn(): boolean;
    mode(): string | null;
    /** The avatar ids whose voices arrive now. */
    streams(): string[];
    /**
     * Switches the microphone's track on behind the controls, as an edited page would; false
     * when no microphone is open.
     */
    forceMic(): boolean;
  };
}

declare global {
  interface Window {
    __atriumVoice?: AtriumVoiceHook;
  }
}

export interface VoiceSessionOptions {
  world: WorldVoiceView;
  getToken: () => string;
  /** Takes hold of the app socket; the page's one by default. */
  connect?: (getToken: () => string) => Promise<AppSocket>;
  /** The voice client's media and connections, for tests. */
  client?: Pick<VoiceClientOptions, 'getUserMedia' | 'createPeer'>;
  audio?: SpatialAudio;
}

/** Input that lets the browser start sound (autoplay policy). */
const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

/** Starts the voice beside a running world; `dispose` leaves it. */
export function startVoiceSession(options: VoiceSessionOptions): VoiceSession {
  const { world, getToken } = options;
  const connect = options.connect ?? ((get) => connectSocket({ getToken: get }));
  const audio = options.audio ?? createSpatialAudio();
  const store = createStore<VoiceView>({
    voice: initialVoiceState,
    area: null,
    audioRunning: audio.running(),
    mutedHere: [],
  });
  const update = (patch: Partial<VoiceView>) => store.update((v) => ({ ...v, ...patch }));

  let disposed = false;
  let socket: AppSocket | null = null;
  let client: VoiceClient | null = null;
  let making: Promise<VoiceClient | null> | null = null;
  let stopClient = () => {};

  /** The client, made once (on the first join) over the page's app socket. */
  const ensureClient = (): Promise<VoiceClient | null> => {
    making ??= makeClient().catch((err: unknown) => {
      making = null;
      throw err;
    });
    return making;
  };
  const makeClient = async (): Promise<VoiceClient | null> => {
    const s = await connect(getToken);
    if (disposed) {
      s.close();
      return null;
    }
    socket = s;
    const made = createVoiceClient({
      socket: s,
      ...options.client,
      onStreams: (streams) => audio.setVoices(streams),
      onSpeaking: (id, speaking) => world.setSpeaking(id, speaking),
      selfId: () => world.self()?.id ?? null,
      onBroadcasts: (ids) => audio.setBroadcasts(ids),
      onMutes: (ids) => update({ mutedHere: [...ids] }),
    });
    client = made;
    stopClient = made.store.subscribe(() => update({ voice: made.store.get() }));
    return made;
  };

  const removeJoined = world.onJoined(() => {
    ensureClient()
      .then((c) => c?.join())
      .catch((err: unknown) =>
        console.error(new Error('The voice did not start.', { cause: err })),
      );
  });

  const removeFrame = world.onFrame(() => {
    const self = world.self();
    if (!self) return;
    audio.place(self, (id) => world.avatar(id));
    const area = voiceAreaAt(world.areas, self.x, self.z) ?? null;
    if (area !== store.get().area) update({ area });
  });

  const resume = () => audio.resume();
  const removeRunning = audio.onRunningChange(() => {
    const running = audio.running();
    update({ audioRunning: running });
    for (const type of GESTURES) {
      if (running) window.removeEventListener(type, resume, true);
      else window.addEventListener(type, resume, true);
    }
  });
  if (!audio.running()) {
    for (const type of GESTURES) window.addEventListener(type, resume, true);
  }

  const hook: AtriumVoiceHook = {
    debug: {
      inbound: () => client?.inbound() ?? Promise.resolve({}),
      micOn: () => store.get().voice.micOn,
      mode: () => store.get().voice.mode,
      streams: () => [...store.get().voice.streams],
      forceMic() {
        const track = client?.localTrack();
        if (!track) return false;
        track.enabled = true;
        return true;
      },
    },
  };
  if (testHooksEnabled()) window.__atriumVoice = hook;

  return {
    store,
    setMic: (on) => void client?.setMic(on),
    setMegaphone: (on) => void client?.setMegaphone(on),
    explain: () => client?.explain(),
    resumeAudio: resume,
    async mute(id, muted) {
      if (!client) return;
      await client.mute(id, muted);
      const others = store.get().mutedHere.filter((m) => m !== id);
      update({ mutedHere: muted ? [...others, id] : others });
    },
    nameOf: (id) => world.name(id),
    dispose() {
      if (disposed) return;
      disposed = true;
      removeJoined();
      removeFrame();
      removeRunning();
      for (const type of GESTURES) window.removeEventListener(type, resume, true);
      stopClient();
      client?.close();
      socket?.close();
      audio.dispose();
      if (window.__atriumVoice === hook) delete window.__atriumVoice;
      store.clear();
    },
  };
}
