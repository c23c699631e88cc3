import { aimPointFor, hitAt, type DartsMatch, type Hit } from '@atrium/protocol';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';

/** The socket client loads with the match (see usePersonMatch), not with the page. */
const socketClient = () => import('../../shared/realtime/socketClient.ts');
import type { DartsOpponent } from './opponent.ts';

/** A person on the campus, as the page's opponent: their darts come from the server's match. */
export interface PersonOpponent extends DartsOpponent {
  kind: 'person';
  /** Who throws first in the page's game, where the local player is 0 (the inviter throws first). */
  firstThrower: 0 | 1;
  /** The match as the server last told it. */
  match(): DartsMatch;
  /** Leaves the match (the Quit button); the other player hears it. */
  leave(): Promise<void>;
}

/**
 * The other player of a `darts:*` match. Every local dart is sent as the hit under its landing
 * point and the server applies it; the other player's darts arrive in `darts:state` and are
 * handed to the page as the centre of the segment they hit, so the page scores the same hit.
 * `onRefused` hears a local dart the server refused (the match was left, say).
 */
export function personOpponent(
  socket: AppSocket,
  start: DartsMatch,
  myUserId: string,
  onRefused: (message: string) => void = () => {},
): PersonOpponent {
  const mine = start.players.findIndex((p) => p.userId === myUserId);
  const theirs = mine === 0 ? 1 : 0;
  let match = start;
  /** How many of the other player's darts were handed to the page or queued. */
  let seen = (start.game?.throws ?? []).filter((t) => t.player === theirs).length;
  const queue: Hit[] = [];
  let waiting: ((hit: Hit) => void) | null = null;

  const onState = (next: DartsMatch) => {
    if (next.matchId !== match.matchId) return;
    // States may arrive out of order: the longer game is the newer one.
    if ((next.game?.throws.length ?? 0) < (match.game?.throws.length ?? 0)) return;
    match = next;
    const darts = (next.game?.throws ?? []).filter((t) => t.player === theirs);
    for (const dart of darts.slice(seen)) queue.push(dart.hit);
    seen = darts.length;
    if (next.status === 'left') onRefused(PersonText.left(start.players[theirs]?.username ?? ''));
    if (next.status !== 'playing' && next.status !== 'invited') socket.off('darts:state', onState);
    if (waiting && queue.length) {
      const give = waiting;
      waiting = null;
      give(queue.shift()!);
    }
  };
  // Listens until the match is over, not until the board unmounts: React's development double
  // run disposes a board and mounts it again with the same opponent.
  socket.on('darts:state', onState);

  return {
    kind: 'person',
    name: start.players[theirs]?.username ?? '',
    firstThrower: mine === 0 ? 0 : 1,
    match: () => match,
    nextDart() {
      return new Promise((resolve) => {
        const give = (hit: Hit) => resolve(aimPointFor(hit));
        const queued = queue.shift();
        if (queued) give(queued);
        else waiting = give;
      });
    },
    onLocalDart(point) {
      const hit = hitAt(point.x, point.y);
      socketClient()
        .then(({ request }) => request(socket, 'darts:throw', { matchId: match.matchId, hit }))
        .then(onState, (error: unknown) => onRefused(error instanceof Error ? error.message : ''));
    },
    async leave() {
      if (match.status !== 'playing' && match.status !== 'invited') return;
      const { request } = await socketClient();
      await request(socket, 'darts:leave', { matchId: match.matchId }).catch(() => undefined);
    },
    dispose() {
      // Nothing: see the listener above; `leave` ends the match.
    },
  };
}

export const PersonText = {
  left: (name: string) => `${name} left the match.`,
} as const;
