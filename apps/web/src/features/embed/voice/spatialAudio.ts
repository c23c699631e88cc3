// Issue 30 §2: each voice plays from where its avatar stands. Web Audio: the received stream →
// an HRTF panner (full volume within VoiceConstants.fullVolumeRange, silent at hearingRange) →
// the destination; the listener is the person's own avatar, facing as it faces.
import { VoiceConstants } from '@atrium/protocol';
import type { AvatarPose } from '@atrium/world/render';

/** Ears above the ground, metres: listener and voices alike, so only the ground distance counts. */
const EAR_HEIGHT = 1.6;

type Point = { x: number; y: number; z: number };

/**
 * Where a voice's panner goes. A broadcast (the server says so: a teacher on the stage or with the
 * megaphone), a voice the server sends from beyond hearing range, or one from an avatar this page
 * does not see plays at full volume: from its avatar's direction where known, else from ahead.
 */
export function voicePosition(
  listener: AvatarPose,
  speaker: AvatarPose | null,
  broadcast = false,
): Point {
  const y = listener.y + EAR_HEIGHT;
  const ahead = { x: Math.sin(listener.ry), z: Math.cos(listener.ry) };
  if (!speaker) {
    const r = VoiceConstants.fullVolumeRange;
    return { x: listener.x + ahead.x * r, y, z: listener.z + ahead.z * r };
  }
  const dx = speaker.x - listener.x;
  const dz = speaker.z - listener.z;
  const distance = Math.hypot(dx, dz);
  const loud = broadcast || distance > VoiceConstants.hearingRange;
  if (!loud || distance <= VoiceConstants.fullVolumeRange) {
    return { x: speaker.x, y: speaker.y + EAR_HEIGHT, z: speaker.z };
  }
  const r = VoiceConstants.fullVolumeRange / distance;
  return { x: listener.x + dx * r, y, z: listener.z + dz * r };
}

/** The panner's settings: HRTF, loud up close, fading linearly to silence at hearing range. */
export const PANNER_OPTIONS = {
  panningModel: 'HRTF',
  distanceModel: 'linear',
  refDistance: VoiceConstants.fullVolumeRange,
  maxDistance: VoiceConstants.hearingRange,
  rolloffFactor: 1,
} as const satisfies Partial<PannerNode>;

interface Voice {
  stream: MediaStream;
  /** Chrome feeds a remote WebRTC track into Web Audio only while a media element plays it. */
  element: HTMLAudioElement;
  source: MediaStreamAudioSourceNode;
  panner: PannerNode;
}

export interface SpatialAudio {
  /** Plays exactly these voices, by avatar id: new ones start, missing ones stop. */
  setVoices(voices: ReadonlyMap<string, MediaStream>): void;
  /** The voices heard from everywhere (stage, megaphone), by avatar id: full volume. */
  setBroadcasts(ids: ReadonlySet<string>): void;
  /** Moves the listener to `listener` and each voice to its avatar (once per frame). */
  place(listener: AvatarPose, poseOf: (id: string) => AvatarPose | null): void;
  /** False while the browser holds the sound until a click (autoplay policy). */
  running(): boolean;
  /** Calls `listener` when `running()` changes; returns the removal. */
  onRunningChange(listener: () => void): () => void;
  /** Starts the sound; call from a click or key press. */
  readonly resume: () => void;
  readonly dispose: () => void;
}

const setParam = (param: AudioParam | undefined, value: number) => {
  if (param) param.value = value;
};

/**
 * Creates the voices' Web Audio graph; without Web Audio, a silent stand-in.
 *
 * The AudioContext is made with the first voice, not with the page: a running context keeps an
 * audio thread busy (about a fifth of a core for each world page in headless Chromium, seen in
 * CI), and most visitors never hear a voice. Until then, `running()` says whether the visitor has
 * let the page play sound (a click or key press); Chrome lets a context made after that start.
 */
export function createSpatialAudio(
  makeContext: () => AudioContext | null = () =>
    typeof AudioContext === 'undefined' ? null : new AudioContext(),
): SpatialAudio {
  let ctx: AudioContext | null = null;
  let made = false;
  let unlocked = false;
  const voices = new Map<string, Voice>();
  let broadcasts: ReadonlySet<string> = new Set();
  const listeners = new Set<() => void>();
  const handleState = () => {
    for (const listener of listeners) listener();
  };
  const context = (): AudioContext | null => {
    if (!made) {
      made = true;
      ctx = makeContext();
      ctx?.addEventListener('statechange', handleState);
      if (unlocked) resumeContext();
      handleState();
    }
    return ctx;
  };
  const resumeContext = () => {
    if (ctx && ctx.state !== 'running' && ctx.state !== 'closed') {
      void ctx.resume().catch(() => undefined);
    }
  };

  const stop = (voice: Voice) => {
    voice.source.disconnect();
    voice.panner.disconnect();
    voice.element.srcObject = null;
  };

  const start = (context: AudioContext, stream: MediaStream): Voice => {
    const element = new Audio();
    element.muted = true;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    const source = context.createMediaStreamSource(stream);
    const panner = Object.assign(context.createPanner(), PANNER_OPTIONS);
    source.connect(panner).connect(context.destination);
    return { stream, element, source, panner };
  };

  return {
    setVoices(next) {
      for (const [id, voice] of voices) {
        if (next.get(id) === voice.stream) continue;
        stop(voice);
        voices.delete(id);
      }
      const c = next.size === 0 ? null : context();
      if (!c) return;
      for (const [id, stream] of next) {
        if (!voices.has(id)) voices.set(id, start(c, stream));
      }
    },
    setBroadcasts(ids) {
      broadcasts = ids;
    },
    place(listener, poseOf) {
      if (!ctx || voices.size === 0) return;
      const ear = ctx.listener;
      const y = listener.y + EAR_HEIGHT;
      const forward = { x: Math.sin(listener.ry), z: Math.cos(listener.ry) };
      if (ear.positionX) {
        setParam(ear.positionX, listener.x);
        setParam(ear.positionY, y);
        setParam(ear.positionZ, listener.z);
        setParam(ear.forwardX, forward.x);
        setParam(ear.forwardY, 0);
        setParam(ear.forwardZ, forward.z);
        setParam(ear.upX, 0);
        setParam(ear.upY, 1);
        setParam(ear.upZ, 0);
      } else {
        // Browsers without the listener's AudioParams (older Firefox and Safari).
        ear.setPosition(listener.x, y, listener.z);
        ear.setOrientation(forward.x, 0, forward.z, 0, 1, 0);
      }
      for (const [id, voice] of voices) {
        const at = voicePosition(listener, poseOf(id), broadcasts.has(id));
        setParam(voice.panner.positionX, at.x);
        setParam(voice.panner.positionY, at.y);
        setParam(voice.panner.positionZ, at.z);
      }
    },
    running: () => (made ? ctx?.state === 'running' : unlocked),
    onRunningChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    resume() {
      if (made) return resumeContext();
      if (unlocked) return;
      unlocked = true;
      handleState();
    },
    dispose() {
      for (const voice of voices.values()) stop(voice);
      voices.clear();
      listeners.clear();
      ctx?.removeEventListener('statechange', handleState);
      void ctx?.close().catch(() => undefined);
    },
  };
}
