import { PostersApi, routeUrl, type RouteResponse } from '@atrium/protocol';
import type { ApiClient } from '../../../shared/api/client.ts';

/** What the poster popup shows: SPEC §7 poster detail's (`PostersApi.detail`) `data`. */
export type PosterDetail = RouteResponse<typeof PostersApi.detail>['data'];

/** The detail endpoint's path for one poster. */
export function posterDetailPath(id: number): string {
  return routeUrl(PostersApi.detail, { params: { id } });
}

/** Loads one poster's detail; public, so no token is sent. */
export async function fetchPosterDetail(client: ApiClient, id: number): Promise<PosterDetail> {
  const answer = await client.call(PostersApi.detail, { params: { id } }, { auth: false });
  return answer.data;
}

/** The print shop link, only when it is an http(s) address (never `javascript:` and the like). */
export function safePrintUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
