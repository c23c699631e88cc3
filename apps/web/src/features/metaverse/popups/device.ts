import { AppRoute } from '@atrium/protocol';

/** Phones, tablets and e-readers name themselves in the user agent. */
const MOBILE_UA =
  /iPhone|iPad|iPod|Android|Windows Phone|Windows Mobile|IEMobile|WPDesktop|BlackBerry|BB10|PlayBook|webOS|Kindle|Silk\/|KFAPWI|Opera Mini|Mobi|Tablet/i;

/** `navigator.platform` values that only phones and tablets report. */
const MOBILE_PLATFORM = /^(iPhone|iPad|iPod)|^Linux arm|^Linux aarch64|^Android/i;

/**
 * A phone or tablet, which gets the mobile metaverse page with touch controls. Besides the user
 * agent this catches iPadOS, which poses as a Mac but has a touch screen (no Mac has one), and an
 * Android browser asking for the desktop site, which still reports an ARM Linux platform and
 * touch points. Touch laptops running Windows, macOS or desktop Linux keep the desktop page.
 */
export function isPhoneOrTablet(userAgent: string, maxTouchPoints: number, platform = ''): boolean {
  if (MOBILE_UA.test(userAgent)) return true;
  const touch = maxTouchPoints > 1;
  if (touch && /Macintosh|Mac OS X/.test(userAgent)) return true;
  if (touch && platform === 'MacIntel') return true;
  return maxTouchPoints > 0 && MOBILE_PLATFORM.test(platform);
}

/** What a browser can do, as far as choosing the world's page goes. */
export interface DeviceTraits {
  phoneOrTablet: boolean;
  /** The world draws with WebGL; without it there is nothing to show. */
  webgl: boolean;
}

/** Which page shows the world on a device; `unsupported` is SPEC §4's warning. */
export type WorldPage = typeof AppRoute.metaverse | typeof AppRoute.mobileMetaverse | 'unsupported';

/**
 * SPEC §4 "Session": only a device that really cannot run the world is warned; a phone or tablet
 * that can gets the mobile page.
 */
export function worldPageFor({ phoneOrTablet, webgl }: DeviceTraits): WorldPage {
  if (!webgl) return 'unsupported';
  return phoneOrTablet ? AppRoute.mobileMetaverse : AppRoute.metaverse;
}

/** Asks for a throwaway WebGL context, and gives it back at once (browsers cap live contexts). */
function canDrawWebGL(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    // Some browsers throw instead of answering null when WebGL is blocked.
    return false;
  }
}

let cachedTraits: DeviceTraits | null = null;

/** The traits of the browser this page runs in; measured once per page load. */
export function thisDeviceTraits(): DeviceTraits {
  if (cachedTraits) return cachedTraits;
  const phoneOrTablet =
    typeof navigator !== 'undefined' &&
    isPhoneOrTablet(navigator.userAgent, navigator.maxTouchPoints ?? 0, navigator.platform);
  cachedTraits = { phoneOrTablet, webgl: canDrawWebGL() };
  return cachedTraits;
}
