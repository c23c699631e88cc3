import { useEffect, useState } from 'react';

export interface MediaDeviceLists {
  mics: { id: string; label: string }[];
  cameras: { id: string; label: string }[];
}

export interface MediaDevicesState {
  /** null while the browser is asked. */
  lists: MediaDeviceLists | null;
  /** The browser refused camera and microphone access (names hidden), or has no media API. */
  denied: boolean;
}

const toLists = (devices: MediaDeviceInfo[]): MediaDeviceLists => {
  const pick = (kind: MediaDeviceKind, fallback: string) =>
    devices
      // Without permission the ids are empty: only the browser's default is usable then.
      .filter((d) => d.kind === kind && d.deviceId && d.deviceId !== 'default')
      .map((d, i) => ({ id: d.deviceId, label: d.label || `${fallback} ${i + 1}` }));
  return { mics: pick('audioinput', 'Microphone'), cameras: pick('videoinput', 'Camera') };
};

const mediaDevices = (): MediaDevices | undefined => {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return typeof media?.enumerateDevices === 'function' ? media : undefined;
};

/**
 * The cameras and microphones for the device modal. Browsers hide device names until the page
 * may use a camera or microphone, so when the names are missing we ask once (and stop the tracks
 * at once); a refusal still lists what can be listed.
 */
export function useMediaDevices(): MediaDevicesState {
  const [state, setState] = useState<MediaDevicesState>(() =>
    mediaDevices()
      ? { lists: null, denied: false }
      : // No media API (an insecure page, an old browser): nothing to list, only the default.
        { lists: { mics: [], cameras: [] }, denied: true },
  );

  useEffect(() => {
    const media = mediaDevices();
    if (!media) return;
    let live = true;
    const read = async (askForNames: boolean) => {
      let devices = await media.enumerateDevices();
      let denied = false;
      const hasMic = devices.some((d) => d.kind === 'audioinput');
      const hasCamera = devices.some((d) => d.kind === 'videoinput');
      const unnamed = devices.some(
        (d) => (d.kind === 'audioinput' || d.kind === 'videoinput') && !d.label,
      );
      if (askForNames && unnamed && (hasMic || hasCamera)) {
        try {
          const stream = await media.getUserMedia({ audio: hasMic, video: hasCamera });
          for (const track of stream.getTracks()) track.stop();
          devices = await media.enumerateDevices();
        } catch {
          denied = true;
        }
      }
      if (live) setState({ lists: toLists(devices), denied });
    };
    read(true).catch(() => {
      if (live) setState({ lists: { mics: [], cameras: [] }, denied: true });
    });
    // A headset plugged in while the modal is open shows up at once.
    const handleChange = () => void read(false).catch(() => undefined);
    media.addEventListener?.('devicechange', handleChange);
    return () => {
      live = false;
      media.removeEventListener?.('devicechange', handleChange);
    };
  }, []);

  return state;
}
