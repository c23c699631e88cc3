import { BAD_PARAMETERS } from './texts.ts';

/** The shortest inactivity timeout the frame accepts, in ms (10 s). */
export const MIN_INACTIVE_TIMEOUT_MS = 10_000;
/** The longest inactivity timeout the frame accepts, in ms (24 h). */
export const MAX_INACTIVE_TIMEOUT_MS = 86_400_000;

/** The options of the embed address. */
export interface EmbedUrlOptions {
  overridedURL?: string | undefined;
  whiteLabel?: boolean | undefined;
  hideToolbar?: boolean | undefined;
  hideTitle?: boolean | undefined;
  hidePlayButton?: boolean | undefined;
  inactiveTimeout?: number | undefined;
}

/** The embed frame's address and the origin messages to and from it must use. */
export interface EmbedTarget {
  url: string;
  origin: string;
}

const httpOrigin = (address: string | null | undefined): string | undefined => {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The origin of the Atrium server that served this script: the `<script src>` running now (UMD
 * build), else this module's URL (ESM build), when either is http(s). Only meaningful while the
 * script is being evaluated, so the SDK calls it once at load.
 */
export const detectScriptOrigin = (
  currentScriptSrc: string | null | undefined,
  moduleUrl: string | null | undefined,
): string | undefined => httpOrigin(currentScriptSrc) ?? httpOrigin(moduleUrl);

/** Clamps an inactivity timeout in ms to 10 s..24 h; throws `Bad parameters` for a non-number. */
export const clampInactiveTimeout = (ms: unknown): number => {
  if (typeof ms !== 'number' || Number.isNaN(ms)) throw new Error(BAD_PARAMETERS);
  return Math.min(MAX_INACTIVE_TIMEOUT_MS, Math.max(MIN_INACTIVE_TIMEOUT_MS, ms));
};

/** Drops a query string (and fragment) someone pasted along with the share id. */
export const cleanShareId = (shareId: string): string => shareId.split(/[?#]/, 1)[0] ?? '';

/**
 * Builds `{base}/embed/{shareId}?flags`. `base` is `overridedURL` when given (a trailing slash
 * dropped), else `defaultBase`. Throws `Bad parameters` when the base is not an http(s) address.
 */
export const buildEmbedTarget = (
  shareId: string,
  options: EmbedUrlOptions,
  defaultBase: string,
): EmbedTarget => {
  const base = (options.overridedURL ?? defaultBase).replace(/\/+$/, '');
  const origin = httpOrigin(base);
  if (origin === undefined) throw new Error(BAD_PARAMETERS);

  const query = new URLSearchParams();
  if (options.whiteLabel) query.set('whiteLabel', 'true');
  if (options.hideToolbar) query.set('hideToolbar', 'true');
  if (options.hideTitle) query.set('hideTitle', 'true');
  if (options.hidePlayButton) query.set('hidePlayButton', 'true');
  if (options.inactiveTimeout !== undefined) {
    const seconds = Math.round(clampInactiveTimeout(options.inactiveTimeout) / 1000);
    query.set('inactiveTimeout', String(seconds));
  }
  const search = query.toString();
  const path = `${base}/embed/${encodeURIComponent(shareId)}`;
  return { url: search ? `${path}?${search}` : path, origin };
};
