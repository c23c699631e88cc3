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
    /** The speaking ring shows over our avatar. */
    speaking: boolean;
  };
  /** The orbit camera, in radians. */
  camera: { yaw: number; pitch: number };
  remotes: RemoteSummary[];
  /** The world follows `prefers-reduced-motion`: idle avatars, water and portals stand still. */
  reducedMotion: boolean;
}

/**
 * What e2e tests may do to the running world through `window.__atriumTestDrive`: only what a
 * visitor could do by hand (walk along a path the server checks step by step, turn the view).
 */
export interface AtriumTestDrive {
  /** Walks to a ground point along the double-click path; false when there is no way there. */
  walkTo(x: number, z: number): boolean;
  /** Turns the orbit camera (radians, as `camera` reads). */
  setCamera(yaw: number, pitch: number): void;
}

declare global {
  interface Window {
    /** Present with `?e2e=1` or in dev builds: a snapshot of the world for tests. */
    __atriumTest?: () => AtriumTestHook;
    /** Present with `__atriumTest`: drives the avatar and camera for tests. */
    __atriumTestDrive?: AtriumTestDrive;
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

/** Whether test hooks go on this page: `?e2e=1` here or on the framing page, or a dev build. */
export const testHooksEnabled = (): boolean =>
  e2eFlag() || (import.meta as { env?: { DEV?: boolean } }).env?.DEV === true;

/** Exposes `window.__atriumTest` and `window.__atriumTestDrive` when enabled; returns their removal. */
export const installTestHook = (
  read: () => AtriumTestHook,
  drive: AtriumTestDrive,
): (() => void) => {
  if (!testHooksEnabled()) return () => {};
  window.__atriumTest = read;
  window.__atriumTestDrive = drive;
  return () => {
    if (window.__atriumTest === read) delete window.__atriumTest;
    if (window.__atriumTestDrive === drive) delete window.__atriumTestDrive;
  };
};
