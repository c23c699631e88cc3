import type { PlayerId, PublicShare } from '@atrium/protocol';
import type { ServerAvailability, ServerMetadata } from '@atrium/player-sdk/messages';
import type { StartWorldOptions, WorldHandle } from '@atrium/world/render';
import type { EmbedFlags } from './embedFlags.ts';
import type { FrameSession } from './frameSession.ts';
import type { HostChannel } from './hostChannel.ts';

/** The embed frame's state and what its controller needs from the page (embedController.ts). */

/** Where the frame's session is. */
export type EmbedPhase = 'idle' | 'starting' | 'running' | 'stopped' | 'failed';

/** Why a session stopped, for the text on the stopped screen. */
export type StopReason = 'inactive' | 'host' | 'crash';

export interface EmbedState {
  readonly phase: EmbedPhase;
  /** Real loading progress, 0–100, while starting. */
  readonly progress: number;
  readonly stopReason: StopReason | null;
  readonly error: string | null;
  /** The interaction hint, e.g. "E: look at poster". */
  readonly prompt: string | null;
  readonly connected: boolean;
  /** A short notice over the world (photo saved, a notification…), or null. */
  readonly notice: string | null;
  readonly thumbnailUrl: string | null;
  readonly audioOn: boolean;
}

/**
 * What the controller gives the world: the session's token for the socket, read on every
 * (re)connect; the page turns it into the world's transport.
 */
export type EmbedWorldOptions = Omit<StartWorldOptions, 'transport' | 'loadPosters'> & {
  getToken: () => string;
};

/** What the controller needs from its surroundings, so tests can give their own. */
export interface EmbedDeps {
  share: PublicShare;
  flags: EmbedFlags;
  host: HostChannel;
  session: FrameSession;
  /**
   * Loads and starts the world on the canvas, with its socket (three.js and the socket client
   * are imported lazily by the caller).
   */
  startWorld: (canvas: HTMLCanvasElement, options: EmbedWorldOptions) => Promise<WorldHandle>;
  /** Stream slots: a running world holds one (taken on start, renewed, given back on stop). */
  slots?: {
    take(token: string, uniqueId?: string): Promise<PlayerId>;
    reclaim(uniqueId: string, unloading?: boolean): void;
  };
  /** The server's availability and metadata, for the SDK's questions. */
  serverInfo?: {
    availability(): Promise<ServerAvailability>;
    metadata(): Promise<ServerMetadata>;
  };
  /** Saves a photo; resolves with the server's answer message or rejects with the reason. */
  savePhoto: (image: string, placeId: string, token: string) => Promise<void>;
  /** Enters (`true`) or leaves fullscreen (SDK `maximize` / `minimize`). */
  fullscreen?: (on: boolean) => void;
  /** This frame's own origin (only a host page of the same origin may hand over a session). */
  selfOrigin?: string;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}
