import type { ClassroomState, ClassroomTile, DeviceChoice, SwitchResult } from './engine/types.ts';
import { ClassroomCoreText as T } from './coreTexts.ts';

/** The tile's text alternative: what a screen reader says instead of the picture. */
export function tileLabel(tile: Pick<ClassroomTile, 'name' | 'hasVideo' | 'self'>): string {
  const name = tile.self ? T.you(tile.name) : tile.name;
  return tile.hasVideo ? T.videoOf(name) : T.noVideoOf(name);
}

/** The devices that differ from the ones in use: only these are switched. */
export function changedDevices(current: DeviceChoice, next: DeviceChoice): DeviceChoice {
  const change: DeviceChoice = {};
  if ((next.mic ?? '') !== (current.mic ?? '')) change.mic = next.mic ?? '';
  if ((next.camera ?? '') !== (current.camera ?? '')) change.camera = next.camera ?? '';
  return change;
}

/** SPEC §8's toasts for a device switch, in the order camera then microphone. */
export function switchMessages(result: SwitchResult): { ok: boolean; message: string }[] {
  const out: { ok: boolean; message: string }[] = [];
  if (result.camera !== undefined) {
    out.push({
      ok: result.camera,
      message: result.camera ? T.switchCameraSuccess : T.switchCameraFail,
    });
  }
  if (result.mic !== undefined) {
    out.push({
      ok: result.mic,
      message: result.mic ? T.switchMicrophoneSuccess : T.switchMicrophoneFail,
    });
  }
  return out;
}

/** Why a media button is disabled, or null when it can be used. */
export function inputBlocked(input: ClassroomState['mic'], kind: 'mic' | 'camera'): string | null {
  if (!input.available) return kind === 'mic' ? T.micUnavailable : T.cameraUnavailable;
  if (input.prohibited) return kind === 'mic' ? T.micProhibited : T.cameraProhibited;
  return null;
}

/** SPEC §4: joined, but neither camera nor microphone can be used → the error modal. */
export function lacksAllDevices(state: ClassroomState): boolean {
  return state.phase === 'joined' && !state.mic.available && !state.camera.available;
}

/**
 * The state before any class: what the screens show while no engine exists yet. The engine starts
 * from the same state (it imports this, a module without the engine's weight).
 */
export const IDLE_CLASSROOM: ClassroomState = {
  phase: 'idle',
  room: null,
  mode: null,
  enforced: false,
  host: false,
  joinedAt: null,
  startedAt: null,
  reconnecting: false,
  tiles: [],
  mic: { available: false, on: false, prohibited: false },
  camera: { available: false, on: false, prohibited: false },
  sharing: false,
  otherSharer: null,
  flags: { global_mute_audio_config: false, global_mute_video_config: false },
  hands: [],
  poll: null,
  lobby: null,
  groups: null,
  groupNotice: null,
  groupSpeaking: {},
  forwarded: null,
  devices: {},
  error: null,
};
