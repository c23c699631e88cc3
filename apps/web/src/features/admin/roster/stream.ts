import {
  AdminApi,
  FailureSchema,
  routeUrl,
  RosterProgressSchema,
  type RosterRow,
} from '@atrium/protocol';
import { ApiError } from '../../../shared/api/client.ts';
import { RosterUiText as T } from './texts.ts';

/** Each JSON line of a stream as it arrives; a line that is not JSON is skipped. */
export async function* jsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (line: string): unknown => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      return undefined;
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split('\n');
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        const value = line.trim() === '' ? undefined : parse(line);
        if (value !== undefined) yield value;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

export interface RosterImportOptions {
  rows: RosterRow[];
  /** The session's access token, sent as `Authorization: Bearer`. */
  token: string | null;
  onProgress: (done: number, total: number) => void;
}

/**
 * Sends a roster to `POST /api/admin/roster/import` and reads its answer as it streams: progress
 * lines, then the result. The typed client reads whole JSON answers only, so this one call uses
 * `fetch` itself. Resolves with the server's message; rejects with an {@link ApiError} carrying
 * the refusal (a 400 answer or a failed last line), or {@link RosterUiText.cutOff} when the
 * stream ends without a result.
 */
export async function importRoster({ rows, token, onProgress }: RosterImportOptions) {
  let response: Response;
  try {
    response = await fetch(routeUrl(AdminApi.rosterImport), {
      method: 'POST',
      headers: {
        accept: 'application/x-ndjson, application/json',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ rows }),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, null, { cause: error });
  }
  if (!response.ok || !response.body) {
    const payload: unknown = await response.json().catch(() => undefined);
    const failure = FailureSchema.safeParse(payload);
    throw new ApiError(response.status, failure.success ? failure.data.message || null : null);
  }
  try {
    for await (const value of jsonLines(response.body)) {
      const line = RosterProgressSchema.safeParse(value);
      if (!line.success) continue;
      const progress = line.data;
      if ('done' in progress) onProgress(progress.done, progress.total);
      else if (progress.status) return { message: progress.message, created: progress.created };
      else throw new ApiError(response.status, progress.message);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, T.cutOff, { cause: error });
  }
  throw new ApiError(0, T.cutOff);
}
