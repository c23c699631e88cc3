/**
 * The wire format between a host page and the embed frame `/embed/{shareId}`.
 *
 * Every message is `postMessage({ type, value }, origin)`. The names are those of the public
 * Furioos SDK (so a page built on it keeps working when pointed at Atrium), plus the newer
 * commands and events of the Atrium SDK (resume, volume, version, app stop, resume availability).
 * This module has no dependencies: the SDK, the frame and the metaverse page all import it.
 */

/** Messages a host page sends to the frame. */
export const FrameCommand = {
  setLocation: 'setLocation',
  start: 'start',
  stop: 'stop',
  maximize: 'maximize',
  minimize: 'minimize',
  quality: 'quality',
  restartStream: 'restartStream',
  resumeSession: 'resumeSession',
  sendSDKMessage: 'sendSDKMessage',
  setThumbnailUrl: 'setThumbnailUrl',
  getServerAvailability: 'getServerAvailability',
  getServerMetadata: 'getServerMetadata',
  setVolume: 'setVolume',
  version: 'version',
} as const;
export type FrameCommand = (typeof FrameCommand)[keyof typeof FrameCommand];

/**
 * The value each command carries as the SDK sends it (`undefined`: none). The frame still parses
 * every value, since any page may post to it; this map keeps the SDK's side and the list of
 * commands in step, and a new command fails to compile until both ends handle it.
 */
export interface FrameCommandValues {
  /** `[latitude, longitude]`. */
  setLocation: readonly [number, number];
  /** Where to start nearest to, when the host has a location. */
  start: readonly [number, number] | undefined;
  stop: undefined;
  maximize: undefined;
  minimize: undefined;
  /** A {@link QualityValue}. */
  quality: QualityValue;
  restartStream: undefined;
  resumeSession: undefined;
  /** JSON text for an object; any other value as the host page passed it (as in Furioos). */
  sendSDKMessage: unknown;
  setThumbnailUrl: string;
  getServerAvailability: undefined;
  getServerMetadata: undefined;
  /** Between 0 and 1. */
  setVolume: number;
  /** The host SDK's version. */
  version: string;
}

/** True when `type` names a command of this SDK version. */
export const isFrameCommand = (type: string): type is FrameCommand =>
  Object.prototype.hasOwnProperty.call(FrameCommand, type);

/**
 * Messages the frame sends to its host. `getServerAvailability` and `getServerMetadata` answer
 * with the command's own name, carrying `{ stats }` / `{ metadata }` or `{ error }`.
 */
export const FrameEvent = {
  load: 'load',
  error: 'error',
  onSessionStopped: 'onSessionStopped',
  onUserActive: 'onUserActive',
  onUserInactive: 'onUserInactive',
  onAppInstallProgress: 'onAppInstallProgress',
  onAppInstallSuccess: 'onAppInstallSuccess',
  onAppInstallFail: 'onAppInstallFail',
  onAppStart: 'onAppStart',
  onStreamStart: 'onStreamStart',
  onStats: 'onStats',
  onSDKMessage: 'onSDKMessage',
  /** The application stopped on its own (a crash). */
  onAppStop: 'onAppStop',
  /** `value: { canResumeSession: boolean }`. */
  onResumeSession: 'onResumeSession',
  getServerAvailability: 'getServerAvailability',
  getServerMetadata: 'getServerMetadata',
} as const;
export type FrameEvent = (typeof FrameEvent)[keyof typeof FrameEvent];

/** The envelope of every message in both directions. */
export interface FrameMessage<T extends string = string> {
  type: T;
  value?: unknown;
}

/** True when `data` has the `{ type: string }` shape of a frame message. */
export const isFrameMessage = (data: unknown): data is FrameMessage =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { type?: unknown }).type === 'string';

/** Streaming qualities (SPEC §3): the vertical resolution, or 0 for automatic. */
export const QualityValues = { AUTO: 0, LOW: 360, MEDIUM: 720, HIGH: 1080 } as const;
export type QualityValue = (typeof QualityValues)[keyof typeof QualityValues];

/** The value of `onStats` / the `stats` of `getServerAvailability` (sent as JSON text in onStats). */
export interface ServerAvailability {
  /** Free stream slots on this server right now. */
  availableSlots: number;
  totalSlots: number;
  /** Seconds a new session would wait for a slot (0 when one is free). */
  waitingTime: number;
}

/** The `metadata` of `getServerMetadata`. */
export interface ServerMetadata {
  version: string;
  region: string;
  publicUrl: string;
}
