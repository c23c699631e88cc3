import { WORLD_LOCATIONS, type WorldLocation } from '@atrium/protocol';

/** SPEC §3: the inactivity timeout is clamped to 10000..86400000 ms. */
export const INACTIVE_TIMEOUT_MIN_MS = 10_000;
export const INACTIVE_TIMEOUT_MAX_MS = 86_400_000;
/** Without an `inactiveTimeout` flag, a session ends after 15 idle minutes. */
export const INACTIVE_TIMEOUT_DEFAULT_MS = 15 * 60_000;

/** The embed address's flags (SPEC §2 "Player SDK embedding"). */
export interface EmbedFlags {
  whiteLabel: boolean;
  hideToolbar: boolean;
  hideTitle: boolean;
  hidePlayButton: boolean;
  /** Milliseconds of no input before the session ends. */
  inactiveTimeoutMs: number;
  /** `?e2e=1`: exposes the world's test hook. */
  e2e: boolean;
  /** `?debugBridge=1`: the local debug bridge's address (`npm run world:debug-bridge`), or null. */
  debugBridge: string | null;
}

/** The debug bridge's default address (the Player SDK's debug port, 8081). */
export const DEFAULT_DEBUG_BRIDGE = 'ws://127.0.0.1:8081/world';

/** A debug bridge address: only on this machine, so a link cannot send the world elsewhere. */
export function parseDebugBridge(value: string | null): string | null {
  if (value === null) return null;
  if (value === '1' || value === 'true') return DEFAULT_DEBUG_BRIDGE;
  try {
    const url = new URL(value);
    const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    return url.protocol === 'ws:' && local ? url.href : null;
  } catch {
    return null;
  }
}

const clampTimeout = (ms: number) =>
  Math.min(INACTIVE_TIMEOUT_MAX_MS, Math.max(INACTIVE_TIMEOUT_MIN_MS, ms));

/** Reads the flags from a query string; anything malformed falls back to the default. */
export function parseEmbedFlags(search: string): EmbedFlags {
  const params = new URLSearchParams(search);
  const on = (name: string) => params.get(name) === 'true';
  const seconds = Number(params.get('inactiveTimeout') ?? Number.NaN);
  return {
    whiteLabel: on('whiteLabel'),
    hideToolbar: on('hideToolbar'),
    hideTitle: on('hideTitle'),
    hidePlayButton: on('hidePlayButton'),
    inactiveTimeoutMs:
      Number.isFinite(seconds) && seconds > 0
        ? clampTimeout(seconds * 1000)
        : INACTIVE_TIMEOUT_DEFAULT_MS,
    e2e: params.get('e2e') === '1',
    debugBridge: parseDebugBridge(params.get('debugBridge')),
  };
}

/** A `setLocation` / `start` value, if it names a spot of the world. */
export function parseLocation(value: unknown): WorldLocation | null {
  return typeof value === 'string' && (WORLD_LOCATIONS as readonly string[]).includes(value)
    ? (value as WorldLocation)
    : null;
}

/**
 * A `quality` value as a rendered height: 0 (auto), 360, 720 or 1080. The legacy constants 0..4
 * of older SDKs are accepted too (ULTRA, 4, is HIGH). Anything else is `null`.
 */
export function parseQuality(value: unknown): 0 | 360 | 720 | 1080 | null {
  switch (value) {
    case 0:
      return 0;
    case 1:
    case 360:
      return 360;
    case 2:
    case 720:
      return 720;
    case 3:
    case 4:
    case 1080:
      return 1080;
    default:
      return null;
  }
}

/** A `setThumbnailUrl` value, if it is an http(s) address. */
export function parseThumbnailUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value, 'http://invalid.invalid');
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/** A `setVolume` value, clamped to 0..1; `null` if it is not a number. */
export function parseVolume(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(1, Math.max(0, value))
    : null;
}
