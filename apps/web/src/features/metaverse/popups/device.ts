/** Phones, tablets and e-readers name themselves in the user agent. */
const MOBILE_UA =
  /iPhone|iPad|iPod|Android|Windows Phone|Windows Mobile|IEMobile|WPDesktop|BlackBerry|BB10|PlayBook|webOS|Kindle|Silk\/|KFAPWI|Opera Mini|Mobi|Tablet/i;

/** `navigator.platform` values that only phones and tablets report. */
const MOBILE_PLATFORM = /^(iPhone|iPad|iPod)|^Linux arm|^Linux aarch64|^Android/i;

/**
 * SPEC §4 "Session": the desktop metaverse page does not support phones and tablets. Besides the
 * user agent this catches iPadOS, which poses as a Mac but has a touch screen (no Mac has one),
 * and an Android browser asking for the desktop site, which still reports an ARM Linux platform
 * and touch points. Touch laptops running Windows, macOS or desktop Linux stay supported.
 */
export function isUnsupportedDevice(
  userAgent: string,
  maxTouchPoints: number,
  platform = '',
): boolean {
  if (MOBILE_UA.test(userAgent)) return true;
  const touch = maxTouchPoints > 1;
  if (touch && /Macintosh|Mac OS X/.test(userAgent)) return true;
  if (touch && platform === 'MacIntel') return true;
  return maxTouchPoints > 0 && MOBILE_PLATFORM.test(platform);
}

/** `isUnsupportedDevice` for the browser this page runs in. */
export function isThisDeviceUnsupported(): boolean {
  if (typeof navigator === 'undefined') return false;
  return isUnsupportedDevice(
    navigator.userAgent,
    navigator.maxTouchPoints ?? 0,
    navigator.platform,
  );
}
