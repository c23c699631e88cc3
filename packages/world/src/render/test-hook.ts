import type { AvatarAnim, Emote } from '@atrium/protocol';
import type { LookColors } from '../avatar-look.ts';
import type { RemoteSummary } from './remote-avatars.ts';

/** What e2e tests read of the running world through `window.__atriumTest`. */
export interface AtriumTestHook {
  self: {
    x: number;
    z: number;
    anim: AvatarAnim;
    /** The emote playing now (the mobile page's emote buttons). */
    emote: Emote | null;
    /** The name tag's text and the look, once the server let us in. */
    label: string | null;
    look: LookColors | null;
  };
  /** The orbit camera, in radians. */
  camera: { yaw: number; pitch: number };
  remotes: RemoteSummary[];
}

declare global {
  interface Window {
    /** Present with `?e2e=1` or in dev builds: a snapshot of the world for tests. */
    __atriumTest?: () => AtriumTestHook;
  }
}

/** `?e2e=1` on this page, or on the same-origin page that frames it (the metaverse page). */
const e2eFlag = (): boolean => {
  if (new URLSearchParams(location.search).get('e2e') === '1') return true;
  try {
    return (
      window.parent !== window &&
      new URLSearchParams(window.parent.location.search).get('e2e') === '1'
    );
  } catch {
    // A cross-origin host: its address is not ours to read.
    return false;
  }
};

const hookEnabled = (): boolean =>
  e2eFlag() || (import.meta as { env?: { DEV?: boolean } }).env?.DEV === true;

/** Exposes `window.__atriumTest` when enabled; returns its removal. */
export const installTestHook = (read: () => AtriumTestHook): (() => void) => {
  if (!hookEnabled()) return () => {};
  window.__atriumTest = read;
  return () => {
    if (window.__atriumTest === read) delete window.__atriumTest;
  };
};
