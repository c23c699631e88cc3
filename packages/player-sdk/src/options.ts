import type { ServerAvailability, ServerMetadata } from './messages.ts';

/**
 * The options of `new Player(shareId, containerId, options)`. All are optional.
 * @public
 */
export interface PlayerOptions {
  /**
   * The Atrium server to embed from, e.g. `https://campus.example.org` (a trailing slash is
   * dropped). Defaults to the server that served the SDK script, else the page's own origin.
   */
  overridedURL?: string;
  /** Hide the Atrium branding in the frame. */
  whiteLabel?: boolean;
  /** Hide the frame's toolbar. */
  hideToolbar?: boolean;
  /** Hide the world's title. */
  hideTitle?: boolean;
  /** Hide the play button: start the session with `player.start()`. */
  hidePlayButton?: boolean;
  /**
   * How long the visitor may stay inactive before the session ends, in milliseconds.
   * Clamped to 10 000 ms (10 s) .. 86 400 000 ms (24 h); sent to the frame in seconds.
   */
  inactiveTimeout?: number;
  /**
   * Debug the SDK messages of an application running on this machine: no frame is made, and
   * SDK messages travel over a WebSocket to `ws://{wsServerAddress}:8081`.
   */
  debugAppMode?: boolean;
  /** The debug server's host in debug mode. Default `127.0.0.1`. */
  wsServerAddress?: string;
}

/** Success callback of `getServerAvailability`. @public */
export type ServerAvailabilityCallback = (stats: ServerAvailability) => void;
/** Success callback of `getServerMetadata`. @public */
export type ServerMetadataCallback = (metadata: ServerMetadata) => void;
/** Error callback of `getServerAvailability` and `getServerMetadata`. @public */
export type ServerErrorCallback = (error: string) => void;
