// The person's own camera and microphone: SPEC §5's camera constraints, and §4's fallbacks
// (camera refused: audio only; both refused: no media, the panel says so).
import type { DeviceChoice } from './types.ts';

/** SPEC §5: width 640 min, 1280 ideal, 1920 max; height 480 min, 720 ideal, 1080 max. */
export const CAMERA_CONSTRAINTS = {
  width: { min: 640, ideal: 1280, max: 1920 },
  height: { min: 480, ideal: 720, max: 1080 },
} as const satisfies MediaTrackConstraints;

export const cameraConstraints = (deviceId?: string): MediaTrackConstraints => ({
  ...CAMERA_CONSTRAINTS,
  ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
});

export const micConstraints = (deviceId?: string): MediaTrackConstraints | true =>
  deviceId ? { deviceId: { exact: deviceId } } : true;

/** What the browser's media functions are, replaceable where a page has none. */
export interface MediaAccess {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  getDisplayMedia(constraints: DisplayMediaStreamOptions): Promise<MediaStream>;
}

export const browserMedia = (): MediaAccess => ({
  getUserMedia: (c) => navigator.mediaDevices.getUserMedia(c),
  getDisplayMedia: (c) => navigator.mediaDevices.getDisplayMedia(c),
});

export interface LocalTracks {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
}

/**
 * Opens the microphone and camera together; if that fails, the microphone alone; if that fails
 * too, nothing (SPEC §4). A chosen device that is gone falls back to the default one.
 */
export async function openLocalTracks(
  media: MediaAccess,
  devices: DeviceChoice,
): Promise<LocalTracks> {
  const attempts: MediaStreamConstraints[] = [
    { audio: micConstraints(devices.mic), video: cameraConstraints(devices.camera) },
    { audio: true, video: cameraConstraints() },
    { audio: micConstraints(devices.mic) },
    { audio: true },
  ];
  for (const constraints of attempts) {
    try {
      const stream = await media.getUserMedia(constraints);
      return {
        audio: stream.getAudioTracks()[0] ?? null,
        video: stream.getVideoTracks()[0] ?? null,
      };
    } catch {
      // Try the next, smaller request.
    }
  }
  // The microphone failed; a camera alone is still worth having.
  try {
    const stream = await media.getUserMedia({ video: cameraConstraints(devices.camera) });
    return { audio: null, video: stream.getVideoTracks()[0] ?? null };
  } catch {
    return { audio: null, video: null };
  }
}

/** Opens one new track of a kind on a chosen device; null when the device cannot be opened. */
export async function openTrack(
  media: MediaAccess,
  kind: 'audio' | 'video',
  deviceId: string | undefined,
): Promise<MediaStreamTrack | null> {
  try {
    const stream = await media.getUserMedia(
      kind === 'audio'
        ? { audio: micConstraints(deviceId) }
        : { video: cameraConstraints(deviceId) },
    );
    return (kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks())[0] ?? null;
  } catch {
    return null;
  }
}
