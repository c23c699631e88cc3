import {
  PublicShareResponseSchema,
  SaveScreenshotResponseSchema,
  type PublicShare,
} from '@atrium/protocol';
import { ApiError, createApiClient } from '../../shared/api/client.ts';

const client = createApiClient({ fetch: (input, init) => window.fetch(input, init) });

/** The share behind `/embed/{shareId}`; `null` when there is no such share. */
export async function fetchShare(shareId: string): Promise<PublicShare | null> {
  try {
    const answer = await client.request(`/api/public/share/${encodeURIComponent(shareId)}`, {
      schema: PublicShareResponseSchema,
      auth: false,
    });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** SPEC §7 `POST /apiscreenshot/save-screenshot`; rejects with the server's words. */
export async function savePhoto(image: string, placeId: string, token: string): Promise<void> {
  const photoClient = createApiClient({
    fetch: (input, init) => window.fetch(input, init),
    getToken: () => token,
  });
  await photoClient.request('/apiscreenshot/save-screenshot', {
    method: 'POST',
    body: { place_id: placeId, image },
    schema: SaveScreenshotResponseSchema,
  });
}
