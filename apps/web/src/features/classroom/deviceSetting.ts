import type { StorageLike } from '../../shared/browserStorage.ts';
import { DEVICE_SETTINGS_KEY } from '../../shared/session/sessionStore.ts';
import type { DeviceChoice } from './engine/types.ts';

export { DEVICE_SETTINGS_KEY };

/** A device id as the browser gives it; longer values are not ids but garbage. */
const MAX_DEVICE_ID = 512;

const deviceId = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_DEVICE_ID
    ? value
    : undefined;

/**
 * Reads SPEC §3's saved setting `{MIC, CAM}`. Anything that is not a JSON object is "nothing
 * saved" (null), so the device modal shows again; an empty or odd field is the default device.
 */
export function parseDeviceSetting(raw: string | null): DeviceChoice | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { MIC, CAM } = value as Record<string, unknown>;
  const choice: DeviceChoice = {};
  const mic = deviceId(MIC);
  const camera = deviceId(CAM);
  if (mic) choice.mic = mic;
  if (camera) choice.camera = camera;
  return choice;
}

/** The stored form: an empty string stands for the browser's default device. */
export function serializeDeviceSetting(choice: DeviceChoice): string {
  return JSON.stringify({ MIC: choice.mic ?? '', CAM: choice.camera ?? '' });
}

/** The saved choice, or null when none is saved (then the join asks first, SPEC §4). */
export function loadDeviceSetting(storage: StorageLike | null): DeviceChoice | null {
  try {
    return parseDeviceSetting(storage?.getItem(DEVICE_SETTINGS_KEY) ?? null);
  } catch {
    return null;
  }
}

/** Saves the choice; a browser that refuses storage only means the modal asks again next time. */
export function saveDeviceSetting(storage: StorageLike | null, choice: DeviceChoice): void {
  try {
    storage?.setItem(DEVICE_SETTINGS_KEY, serializeDeviceSetting(choice));
  } catch {
    // Private modes may throw on write; the choice still applies to this join.
  }
}
