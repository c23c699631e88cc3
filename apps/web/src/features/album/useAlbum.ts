import { ScreenshotsApi, type Screenshot } from '@atrium/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../shared/api/useApi.ts';

/** Query keys of the album's server data. */
export const albumKeys = {
  photos: ['album', 'photos'] as const,
  shareLink: (id: string) => ['album', 'share-link', id] as const,
  news: (username: string | null) => ['album', 'news', username] as const,
};

/**
 * The album's lists are asked for each time they are shown and dropped when closed: a photo taken
 * in the world a moment ago must be there when the album opens.
 */
const fresh = { staleTime: 0, gcTime: 0, retry: false } as const;

/** The caller's photos, newest first; SPEC §8: a failed list is an empty album. */
export function useAlbumPhotos(enabled: boolean) {
  const client = useApi();
  return useQuery({
    queryKey: albumKeys.photos,
    queryFn: async (): Promise<Screenshot[]> => {
      try {
        return (await client.call(ScreenshotsApi.list, { body: {} })).screenshots;
      } catch {
        return [];
      }
    },
    enabled,
    ...fresh,
  });
}

/** The photo's live public link, or null; asking never makes one. */
export function useShareLink(id: string) {
  const client = useApi();
  return useQuery({
    queryKey: albumKeys.shareLink(id),
    queryFn: async () =>
      (await client.call(ScreenshotsApi.shareLink, { query: { screenshot_id: id } })).data,
    ...fresh,
  });
}

/**
 * Whether the album holds photos newer than the user's last look (the My Album dot), asked when
 * signed in and again whenever the page comes back into view (a photo may come from another tab
 * or device): TanStack Query's focus refetch listens to `visibilitychange`.
 */
export function useAlbumNews(username: string | null) {
  const client = useApi();
  return useQuery({
    queryKey: albumKeys.news(username),
    queryFn: async () => (await client.call(ScreenshotsApi.news)).data.has_new,
    enabled: username !== null,
    refetchOnWindowFocus: 'always',
    ...fresh,
  });
}

/** The album's changes; each reloads what it changes. */
export function useAlbumMutations() {
  const client = useApi();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (id: string) =>
      (await client.call(ScreenshotsApi.remove, { body: { screenshot_id: id } })).message,
    // The list shows its loading state again, as when the gallery opens.
    onSuccess: () => void queryClient.resetQueries({ queryKey: albumKeys.photos }),
  });
  const share = useMutation({
    mutationFn: async (id: string) =>
      (await client.call(ScreenshotsApi.share, { body: { screenshot_id: id } })).data,
    onSuccess: (link, id) => queryClient.setQueryData(albumKeys.shareLink(id), link),
  });
  const unshare = useMutation({
    mutationFn: async (id: string) =>
      (await client.call(ScreenshotsApi.unshare, { body: { screenshot_id: id } })).message,
    onSuccess: (_message, id) => queryClient.setQueryData(albumKeys.shareLink(id), null),
  });
  /** Records a look at the album: the dot stays out until the next new photo. */
  const markSeen = useMutation({
    mutationFn: async () => {
      await client.call(ScreenshotsApi.seen);
    },
  });
  return { remove, share, unshare, markSeen };
}

/** Saves an edited picture (`image` is base64 PNG without the data prefix). */
export function useUpdatePhoto() {
  const client = useApi();
  return useMutation({
    mutationFn: async (edit: { id: string; title: string; image: string }) =>
      (
        await client.call(ScreenshotsApi.update, {
          body: { screenshot_id: edit.id, screenshot_title: edit.title, image: edit.image },
        })
      ).data,
  });
}

/** Loads an owner-only image file as a `blob:` address (the caller revokes it). */
export function useImageLoader(): (path: string, signal?: AbortSignal) => Promise<string> {
  const client = useApi();
  return useCallback(
    async (path, signal) => URL.createObjectURL(await client.blob(path, signal)),
    [client],
  );
}
