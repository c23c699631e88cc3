import { EventsPath, EventsText } from '@atrium/protocol';

/** A form's answer: the message to show, and whether it was a success. */
export interface SubmitResult {
  ok: boolean;
  message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Posts a voting or record form. SPEC §8: an answer that is not an object is `Unknown error`;
 * otherwise the server's message (a success's `data`, a failure's `message`). Plain `fetch`
 * rather than the app's typed client: that one parses with the zod schemas, and zod would more
 * than double these pages' first-load JavaScript.
 */
export async function submitEventForm(
  path: (typeof EventsPath)['votingSubmit' | 'recordSubmit'],
  body: Record<string, string | number>,
): Promise<SubmitResult> {
  let payload: unknown;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    payload = await readJson(response);
  } catch {
    payload = undefined;
  }
  if (!isObject(payload)) return { ok: false, message: EventsText.unknownError };
  if (payload.status === true && typeof payload.data === 'string') {
    return { ok: true, message: payload.data };
  }
  const message = typeof payload.message === 'string' ? payload.message : EventsText.unknownError;
  return { ok: false, message };
}

/** The countdown's target in milliseconds since the epoch. */
export async function fetchLaunchAt(): Promise<number> {
  const response = await fetch(EventsPath.countdown, { headers: { accept: 'application/json' } });
  const payload = await readJson(response);
  const data = isObject(payload) && isObject(payload.data) ? payload.data : undefined;
  const at = typeof data?.launch_at === 'string' ? Date.parse(data.launch_at) : Number.NaN;
  if (!response.ok || Number.isNaN(at)) throw new Error(`countdown: ${response.status}`);
  return at;
}

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
