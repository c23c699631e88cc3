import { EventsText } from '@atrium/protocol';
import type { EventsPath } from '@atrium/protocol';
import { isObject, readJson } from './json.ts';

/** A form's answer: the message to show, and whether it was a success. */
export interface SubmitResult {
  ok: boolean;
  message: string;
}

/**
 * Posts a voting or record form. SPEC §8: an answer that is not an object is `Unknown error`;
 * otherwise the server's message (a success's `data`, a failure's `message`). Plain `fetch`
 * rather than the app's typed client: that one answers a non-object with the app-wide unknown-
 * error text, and parsing with the route's schemas would bring them into this small chunk.
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
