// Several Janus servers (JANUS_URLS, issue 28 §6): each video room is placed on one, recorded in
// PostgreSQL so that every process sends that room's people to the same Janus. A room whose
// Janus is gone is moved by the next join that finds it so; the sessions on a Janus that drops
// are let go by the SFU path (`onLost`), and their pages rejoin.
import { ClassroomText } from '@atrium/protocol';
import type { VideoChannel } from '@atrium/protocol';
import { unavailable } from '../../http/errors.ts';
import { mediaClients } from '../../media/janus/index.ts';
import type { JanusClient, MediaServer } from '../../media/janus/index.ts';
import type { PlacementRepository } from './classroom.placement.repository.ts';

/**
 * How long this process trusts a placement it read. A Janus dropping clears it at once; the
 * delay only bounds how long a room moved by another process (which lost a Janus this one still
 * reaches) keeps getting this process's joins on its old server.
 */
export const PLACEMENT_CACHE_MS = 5_000;

/**
 * Tries to settle a room's server. Each try that finds the row on a server this process cannot
 * reach moves it; processes that disagree on which Janus is up would move it back and forth, so
 * after this many the join is refused rather than splitting the room.
 */
const PLACEMENT_TRIES = 3;

export interface Placement {
  /** The Janus that carries `channel`, placing (or moving) it there first when needed. */
  janusFor(channel: VideoChannel): Promise<JanusClient>;
  /** Runs `lost` whenever a Janus of the pool drops (its sessions and rooms are gone). */
  onLost(lost: (client: JanusClient) => void): void;
}

export function createPlacement(deps: {
  media: () => MediaServer | null;
  repo: PlacementRepository;
}): Placement {
  const cache = new Map<VideoChannel, { client: JanusClient; until: number }>();
  const listeners: Array<(client: JanusClient) => void> = [];
  const watched = new WeakSet<JanusClient>();

  /**
   * Hears each Janus of the pool drop. Watching starts at the first placement, before any session
   * can be on that Janus, so no loss that matters is missed.
   */
  function watch(pool: JanusClient[]): void {
    for (const client of pool) {
      if (watched.has(client)) continue;
      watched.add(client);
      client.on('disconnected', () => {
        for (const [channel, entry] of cache) if (entry.client === client) cache.delete(channel);
        for (const lost of listeners) lost(client);
      });
    }
  }

  /** The connected server with the fewest rooms that have people in them (ties: pool order). */
  async function leastBusy(up: JanusClient[]): Promise<JanusClient> {
    const busy = await deps.repo.busy(up.map((client) => client.url));
    let best = up[0]!;
    for (const client of up) {
      if ((busy.get(client.url) ?? 0) < (busy.get(best.url) ?? 0)) best = client;
    }
    return best;
  }

  async function place(channel: VideoChannel, pool: JanusClient[]): Promise<JanusClient> {
    let server = await deps.repo.server(channel);
    for (let tries = 0; tries < PLACEMENT_TRIES; tries++) {
      const up = pool.filter((client) => client.connected);
      const placed = up.find((client) => client.url === server);
      if (placed) return placed;
      if (up.length === 0) break;
      // Not placed, or on a Janus that is gone (or no longer configured): move it.
      const target = await leastBusy(up);
      server = await deps.repo.place(channel, target.url, server ?? null);
    }
    throw unavailable(ClassroomText.mediaUnavailable);
  }

  return {
    async janusFor(channel) {
      const media = deps.media();
      if (!media) throw unavailable(ClassroomText.mediaUnavailable);
      const pool = mediaClients(media);
      watch(pool);
      // One Janus (JANUS_URL, the private one): nothing to place, no SQL on any join.
      if (pool.length === 1) {
        if (!pool[0]!.connected) throw unavailable(ClassroomText.mediaUnavailable);
        return pool[0]!;
      }
      const cached = cache.get(channel);
      if (cached && cached.client.connected && cached.until > Date.now()) return cached.client;
      const client = await place(channel, pool);
      const now = Date.now();
      // Calls' rooms are many over time: what has expired goes before the map grows large.
      if (cache.size >= 1_000) for (const [c, e] of cache) if (e.until <= now) cache.delete(c);
      cache.set(channel, { client, until: now + PLACEMENT_CACHE_MS });
      return client;
    },
    onLost(lost) {
      listeners.push(lost);
    },
  };
}
