import { EventsPath } from '@atrium/protocol';
import { isObject, readJson } from './json.ts';

/** Texts of the two pages that show the gallery's entries. */
export const GalleryDataText = {
  loading: 'Loading photos…',
  failed: 'The photos could not be loaded.',
} as const;

/** A gallery entry as the pages use it (SPEC §3). */
export interface GalleryItem {
  gallery_id: string | number;
  thumbnail: string;
  image: string;
  title: string;
  description: string;
  date: string;
}

/** `gallery.json`: the entries that look like entries (the server validated them when saved). */
export async function fetchGallery(): Promise<GalleryItem[]> {
  const response = await fetch(EventsPath.gallery, { headers: { accept: 'application/json' } });
  const payload = await readJson(response);
  if (!response.ok || !Array.isArray(payload)) throw new Error(`gallery: ${response.status}`);
  return payload.filter(
    (e): e is GalleryItem =>
      isObject(e) &&
      typeof e.image === 'string' &&
      typeof e.thumbnail === 'string' &&
      typeof e.title === 'string',
  );
}

/** A gallery entry's date as the visitor's locale writes it (a bad date is shown as it is). */
export function formatDate(date: string): string {
  const at = Date.parse(date);
  if (Number.isNaN(at)) return date;
  // A bare day is a calendar date, not midnight UTC: shown as that day wherever the visitor is.
  const options: Intl.DateTimeFormatOptions = /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? { dateStyle: 'medium', timeZone: 'UTC' }
    : { dateStyle: 'medium' };
  return new Date(at).toLocaleDateString(undefined, options);
}
