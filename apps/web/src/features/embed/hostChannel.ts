import { isFrameMessage, type FrameEvent, type FrameMessage } from '@atrium/player-sdk/messages';

/** The page that frames the world, as far as the frame can tell. */
export interface HostInfo {
  /** The parent window, or null when the frame is opened on its own. */
  window: Window | null;
  /** The parent's origin, or null when it is unknown. */
  origin: string | null;
}

/** Finds the framing page: `location.ancestorOrigins` where the browser has it, else the referrer. */
export function detectHost(self: Window = window): HostInfo {
  if (self.parent === self) return { window: null, origin: null };
  const ancestors = self.location.ancestorOrigins as DOMStringList | undefined;
  let origin: string | null = ancestors && ancestors.length > 0 ? (ancestors[0] ?? null) : null;
  if (!origin && self.document.referrer) {
    try {
      origin = new URL(self.document.referrer).origin;
    } catch {
      origin = null;
    }
  }
  return { window: self.parent, origin };
}

/** The frame's side of the Player SDK protocol: posts events to the host, hears its commands. */
export interface HostChannel {
  /** Whether a host that may command this share frames us. */
  readonly connected: boolean;
  readonly origin: string | null;
  post(type: FrameEvent, value?: unknown): void;
  /** Calls `handler` for each command from the allowed host; returns the unsubscribe. */
  listen(handler: (message: FrameMessage, origin: string) => void): () => void;
}

/**
 * A channel that talks only to `host` and only if its origin is allowed (SPEC: the frame accepts
 * commands only from its parent, and only from the share's origins). Messages go to that exact
 * origin, never `*`.
 */
export function createHostChannel(
  host: HostInfo,
  allowedOrigins: ReadonlySet<string>,
): HostChannel {
  const allowed = host.window !== null && host.origin !== null && allowedOrigins.has(host.origin);
  return {
    connected: allowed,
    origin: allowed ? host.origin : null,
    post(type, value) {
      if (!allowed || !host.window || !host.origin) return;
      host.window.postMessage(value === undefined ? { type } : { type, value }, host.origin);
    },
    listen(handler) {
      if (!allowed) return () => {};
      const onMessage = (event: MessageEvent) => {
        if (event.source !== host.window || !allowedOrigins.has(event.origin)) return;
        if (!isFrameMessage(event.data)) return;
        handler(event.data, event.origin);
      };
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
  };
}

/**
 * Reports an error to whoever frames us, whatever their origin: used for an unknown share, where
 * there is no list of allowed origins and the text reveals nothing.
 */
export function reportErrorToAnyHost(host: HostInfo, message: string): void {
  host.window?.postMessage({ type: 'error', value: message }, host.origin ?? '*');
}
