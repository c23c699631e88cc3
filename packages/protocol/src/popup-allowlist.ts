// Issue 15's pop-up browser allowlist: the origins a teacher may push besides the campus's own.
// Apart from room.ts, whose texts every page loads, so only the pages that show or change the
// list carry its schemas.
import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/**
 * One pop-up allowlist entry: an origin (`https://example.org`, `http://host:8080`), or one whose
 * host starts with `*.` for every subdomain (`https://*.example.org`, not the bare domain).
 */
export const PopupAllowEntrySchema = z
  .string()
  .max(300)
  .regex(
    /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i,
    'Each entry must be an http(s) origin such as https://example.org or https://*.example.org.',
  );
export const PopupAllowlistSchema = z.array(PopupAllowEntrySchema).max(500);
/**
 * A fresh install's allowlist until an admin sets one (the campus's own pages are always
 * allowed): education sites that allow being framed. An admin may remove them.
 */
export const POPUP_ALLOWLIST_DEFAULT: readonly string[] = [
  'https://en.wikipedia.org',
  'https://phet.colorado.edu',
  'https://www.geogebra.org',
];

export const PopupAllowlistBodySchema = z
  .strictObject({ origins: PopupAllowlistSchema })
  .meta({ id: 'PopupAllowlistBody' });
export const PopupAllowlistResponseSchema = okEnvelope(
  z.object({ origins: z.array(z.string()) }),
).meta({ id: 'PopupAllowlistResponse' });
