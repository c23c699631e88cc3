import type { Screenshot } from '@atrium/protocol';
import { AlbumText } from './texts.ts';

/** The title to show for a photo. */
export function photoTitle(photo: Screenshot): string {
  return photo.screenshot_title.trim() || AlbumText.untitled;
}

/** The photo's last-updated date, e.g. `22 Nov 2026, 10:40`; empty when the date is unreadable. */
export function photoDate(photo: Screenshot, locale?: string): string {
  const date = new Date(photo.modifiedDate || photo.updatedAt || photo.createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
