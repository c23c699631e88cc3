/** SPEC §4 Stream: the setting that holds the default world's address. */
export const DEFAULT_STREAM_KEY = 'stream.default';

/** Where a world is served: the portal base and the share id of `/embed/{shareId}`. */
export interface WorldAddress {
  base: string;
  shareId: string;
}

/**
 * Reads a stream setting's value (`/embed/campus`, or a full `https://…/embed/{id}` address of
 * another Atrium server) into the Player SDK's base and share id; `null` for anything else.
 */
export function parseWorldAddress(value: unknown, pageOrigin: string): WorldAddress | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value, pageOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = /^\/embed\/([A-Za-z0-9_-]{1,64})\/?$/.exec(url.pathname);
  if (!match?.[1]) return null;
  return { base: url.origin, shareId: match[1] };
}

/** A `?world=` key from the address, if it looks like a setting key. */
export function worldKeyFromSearch(search: string): string | null {
  const key = new URLSearchParams(search).get('world');
  return key && /^[a-z0-9_.-]{1,100}$/.test(key) ? key : null;
}

/** SPEC §2 query flags of the metaverse page. */
export function metaverseFlags(search: string): { miniGame: boolean; debugHandle: boolean } {
  const params = new URLSearchParams(search);
  return {
    miniGame: params.get('mini-game') === '1',
    debugHandle: [...params.values()].includes('12345'),
  };
}
