import {
  BalancingApi,
  BalancingText,
  MinigameApi,
  PostersApi,
  routeUrl,
  ScreenshotsApi,
  SharesApi,
  type DartsMode,
  type LeaderboardEntry,
  type PlayerId,
  type Poster,
  type PublicShare,
} from '@atrium/protocol';
import { api } from '../../shared/api/api.ts';
import { ApiError } from '../../shared/api/client.ts';

/** The share behind `/embed/{shareId}`; `null` when there is no such share. */
export async function fetchShare(shareId: string): Promise<PublicShare | null> {
  // `/embed/` names no share; the server answers any other malformed id 400.
  if (shareId === '') return null;
  try {
    const answer = await api.call(SharesApi.public, { params: { shareId } }, { auth: false });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** A darts leaderboard (`MinigameApi.leaderboard`), for the plaza's board (issue 17). */
export async function fetchLeaderboard(mode: DartsMode): Promise<LeaderboardEntry[]> {
  const answer = await api.call(MinigameApi.leaderboard, { params: { mode } }, { auth: false });
  return answer.data.entries;
}

/** The world's posters (`PostersApi.list`), passed to the world for its poster wall. */
export async function fetchPosters(world: string): Promise<Poster[]> {
  const answer = await api.call(PostersApi.list, { query: { world } }, { auth: false });
  return answer.data;
}

/** SPEC §7 `POST /apiscreenshot/save-screenshot`; rejects with the server's words. */
export async function savePhoto(image: string, placeId: string, token: string): Promise<void> {
  await api.call(ScreenshotsApi.save, { body: { place_id: placeId, image } }, { token });
}

/** Stream slots (SPEC §7 balancing): each running world holds one. */
export const streamSlots = {
  async take(token: string, uniqueId?: string): Promise<PlayerId> {
    try {
      const answer = await api.call(
        BalancingApi.getPlayerId,
        { body: uniqueId ? { uniqueId } : undefined },
        { token },
      );
      return answer.data;
    } catch (error) {
      // The server's own words (e.g. no free slot); an answer without a player id gets SPEC §8's.
      throw new Error(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : BalancingText.missingPlayerId,
        { cause: error },
      );
    }
  },
  /** Gives the slot back; on page unload through `sendBeacon`, which outlives the page. */
  reclaim(uniqueId: string, unloading = false): void {
    const path = routeUrl(BalancingApi.reclaimPlayerId, { params: { uniqueId } });
    if (unloading && navigator.sendBeacon?.(path)) return;
    api
      .call(
        BalancingApi.reclaimPlayerId,
        { params: { uniqueId } },
        { auth: false, keepalive: true },
      )
      .catch(() => undefined);
  },
};

/** The Player SDK's getServerAvailability and getServerMetadata, from the server's real state. */
export const serverInfo = {
  availability: async () => (await api.call(BalancingApi.availability, {}, { auth: false })).data,
  metadata: async () => (await api.call(BalancingApi.metadata, {}, { auth: false })).data,
};
