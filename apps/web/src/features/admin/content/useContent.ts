import {
  AdminApi,
  EventsApi,
  PosterImageLimits,
  PostersApi,
  PublicSetting,
  RoomApi,
  SettingsApi,
  type GalleryEntry,
  type Poster,
  type PosterInput,
} from '@atrium/protocol';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/client.ts';
import { useApi } from '../../../shared/api/useApi.ts';
import { adminKeys } from '../useAdmin.ts';
import { ContentText as T } from './texts.ts';

export const contentKeys = {
  posters: (world: string) => [...adminKeys.all, 'posters', world] as const,
  settings: [...adminKeys.all, 'public-settings'] as const,
  homePage: [...adminKeys.all, 'home-page'] as const,
  gallery: [...adminKeys.all, 'gallery'] as const,
  countdown: [...adminKeys.all, 'countdown'] as const,
  allowlist: [...adminKeys.all, 'popup-allowlist'] as const,
};

// A form is filled from the first read; reading again under it would not change what it shows.
const formOptions = { staleTime: 0, retry: false, refetchOnWindowFocus: false } as const;

/** After a change: its own data again, and the audit log, which records it. */
function useReload() {
  const queryClient = useQueryClient();
  return (key: QueryKey) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] }),
    ]);
}

/** The posters of one world, in the order they hang (`slot`, then id). */
export function usePosters(world: string) {
  const client = useApi();
  return useQuery({
    queryKey: contentKeys.posters(world),
    queryFn: async () => (await client.call(PostersApi.list, { query: { world } })).data,
    staleTime: 0,
    retry: false,
  });
}

export type PosterChange = Partial<Omit<PosterInput, 'world'>>;

/** Hang, change, move and take down posters; each reloads the list. */
export function usePosterMutations(world: string) {
  const client = useApi();
  const reload = useReload();
  const onSuccess = () => reload(contentKeys.posters(world));
  const create = useMutation({
    mutationFn: async (body: PosterInput) => {
      await client.call(PostersApi.create, { body });
      return T.saved;
    },
    onSuccess,
  });
  const update = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: PosterChange }) => {
      await client.call(PostersApi.update, { params: { id }, body });
      return T.saved;
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: async (id: number) =>
      (await client.call(PostersApi.remove, { params: { id } })).message || T.posterRemoved,
    onSuccess,
  });
  /** New slots for some posters, one update each, in turn; the list is read again even if one fails. */
  const reorder = useMutation({
    mutationFn: async (moves: ReadonlyArray<Pick<Poster, 'id' | 'slot'>>) => {
      for (const { id, slot } of moves) {
        await client.call(PostersApi.update, { params: { id }, body: { slot } });
      }
    },
    onSettled: onSuccess,
  });
  return { create, update, remove, reorder };
}

/**
 * Uploads a picture for a poster (admins only, on the server too); answers the path to give the
 * poster's `image` and the stored size. The server re-encodes it, so the picture shown is the one
 * it stores.
 */
export function usePosterImageUpload() {
  const client = useApi();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append(PosterImageLimits.field, file);
      return (await client.call(PostersApi.uploadImage, { body: form })).data;
    },
  });
}

/** Every public setting (`site.home_page` among them when stored). */
export function usePublicSettings() {
  const client = useApi();
  return useQuery({
    queryKey: contentKeys.settings,
    queryFn: async () => (await client.call(AdminApi.publicSettings)).data,
    staleTime: 0,
    retry: false,
  });
}

/**
 * Where Leave goes now, as the pages read it: the stored value, else the server's configured
 * one; `/` when neither (the public route answers 404).
 */
export function useHomePageInForce() {
  const client = useApi();
  return useQuery({
    queryKey: contentKeys.homePage,
    queryFn: async () => {
      try {
        const answer = await client.call(SettingsApi.customSetting, {
          query: { key: PublicSetting.homePage },
        });
        return typeof answer.data.value === 'string' ? answer.data.value : '/';
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return '/';
        throw error;
      }
    },
    staleTime: 0,
    retry: false,
  });
}

export type SettingValue = string | number | boolean;

/** Set and remove public settings; each reloads the list and the home page in force. */
export function useSettingMutations() {
  const client = useApi();
  const reload = useReload();
  const onSuccess = () => Promise.all([reload(contentKeys.settings), reload(contentKeys.homePage)]);
  const set = useMutation({
    mutationFn: async ({ key, value }: { key: string; value: SettingValue }) => {
      await client.call(AdminApi.setPublicSetting, { params: { key }, body: { value } });
      return T.saved;
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: async (key: string) =>
      (await client.call(AdminApi.deletePublicSetting, { params: { key } })).message,
    onSuccess,
  });
  return { set, remove };
}

/** The gallery list (the gallery page's and the carousel's). */
export function useGallery() {
  const client = useApi();
  return useQuery({
    queryKey: contentKeys.gallery,
    queryFn: () => client.call(EventsApi.gallery),
    ...formOptions,
  });
}

/** The countdown's target. */
export function useCountdown() {
  const client = useApi();
  return useQuery({
    queryKey: contentKeys.countdown,
    queryFn: async () => (await client.call(EventsApi.countdown)).data.launch_at,
    ...formOptions,
  });
}

/** The pop-up browser's allowlist. */
export function useAllowlist() {
  const client = useApi();
  return useQuery({
    queryKey: contentKeys.allowlist,
    queryFn: async () => (await client.call(RoomApi.popupAllowlist)).data.origins,
    ...formOptions,
  });
}

/**
 * The three saves that replace a whole value: each resolves with what the server now holds,
 * which becomes its query's data; the audit log is read again.
 */
export function useContentSaves() {
  const client = useApi();
  const queryClient = useQueryClient();
  const saved =
    <D>(key: QueryKey) =>
    (data: D) => {
      queryClient.setQueryData(key, data);
      return queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    };
  const saveGallery = useMutation({
    mutationFn: async (entries: GalleryEntry[]) =>
      (await client.call(EventsApi.updateGallery, { body: { entries } })).data,
    onSuccess: saved<GalleryEntry[]>(contentKeys.gallery),
  });
  const saveCountdown = useMutation({
    mutationFn: async (launch_at: string) =>
      (await client.call(EventsApi.updateCountdown, { body: { launch_at } })).data.launch_at,
    onSuccess: saved<string>(contentKeys.countdown),
  });
  const saveAllowlist = useMutation({
    mutationFn: async (origins: string[]) =>
      (await client.call(RoomApi.updatePopupAllowlist, { body: { origins } })).data.origins,
    onSuccess: saved<string[]>(contentKeys.allowlist),
  });
  return { saveGallery, saveCountdown, saveAllowlist };
}
