import { ScreenshotsApi, type Screenshot } from '@atrium/protocol';
import { createApiClient, type ApiClient } from '../../shared/api/client.ts';

/** The album's calls (SPEC §7 `/api/screenshot/*`), signed with the session's bearer token. */
export interface AlbumApi {
  /** SPEC §8: a failed list, or one that is not a success, is an empty album. */
  list(): Promise<Screenshot[]>;
  remove(id: string): Promise<string>;
  /** Saves an edited picture (`image` is base64 PNG without the data prefix). */
  update(id: string, title: string, image: string): Promise<Screenshot>;
  /** The photo's live public link, or null; never makes one. */
  shareLink(id: string): Promise<{ token: string; url: string } | null>;
  /** Makes the photo's public link (or returns the live one). */
  share(id: string): Promise<{ token: string; url: string }>;
  unshare(id: string): Promise<string>;
  /** Whether the album holds photos newer than the last look (the My Album dot). */
  hasNews(): Promise<boolean>;
  /** Records a look at the album: the dot stays out until the next new photo. */
  markSeen(): Promise<void>;
  /** The bytes of an owner-only image file as a `blob:` address (an <img> cannot send a token). */
  imageBlobUrl(path: string, signal?: AbortSignal): Promise<string>;
}

/** Builds the album's API over `window.fetch`, reading the token at call time. */
export function createAlbumApi(getToken: () => string | null): AlbumApi {
  const fetchFn = (input: string, init?: RequestInit) => window.fetch(input, init);
  const client: ApiClient = createApiClient({ fetch: fetchFn, getToken });
  return {
    async list() {
      try {
        const answer = await client.call(ScreenshotsApi.list, { body: {} });
        return answer.screenshots;
      } catch {
        return [];
      }
    },
    async remove(id) {
      const answer = await client.call(ScreenshotsApi.remove, { body: { screenshot_id: id } });
      return answer.message;
    },
    async update(id, title, image) {
      const answer = await client.call(ScreenshotsApi.update, {
        body: { screenshot_id: id, screenshot_title: title, image },
      });
      return answer.data;
    },
    async shareLink(id) {
      const answer = await client.call(ScreenshotsApi.shareLink, {
        query: { screenshot_id: id },
      });
      return answer.data;
    },
    async share(id) {
      const answer = await client.call(ScreenshotsApi.share, { body: { screenshot_id: id } });
      return answer.data;
    },
    async unshare(id) {
      const answer = await client.call(ScreenshotsApi.unshare, { body: { screenshot_id: id } });
      return answer.message;
    },
    async hasNews() {
      const answer = await client.call(ScreenshotsApi.news);
      return answer.data.has_new;
    },
    async markSeen() {
      await client.call(ScreenshotsApi.seen);
    },
    async imageBlobUrl(path, signal) {
      const token = getToken();
      const response = await fetchFn(path, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
        signal,
      });
      if (!response.ok) throw new Error(`Image request failed: ${response.status}`);
      return URL.createObjectURL(await response.blob());
    },
  };
}
