import { aimPointFor, hitAt, type DartsMatch, type Hit } from '@atrium/protocol';
import { request, type AppSocket } from '../../shared/realtime/socketClient.ts';

type Point = { x: number; y: number };

/**
 * A person on the campus, as the page's opponent (the page's `DartsOpponent` interface): their
 * darts come from the server's match.
 */
export interface PersonOpponent {
  kind: 'person';
  name: string;
  nextDart(game?: unknown): Promise<Point>;
  onLocalDart(point: Point, game?: unknown): void;
  dispose(): void;
  /** Whether the local player throws first (the inviter does). */
  localFirst: boolean;
  /** The match as the server last told it. */
  match(): DartsMatch;
  /** The last refusal of a local dart (not your turn, match over), for the page to show. */
  onRefused?: (message: string) => void;
}

/**
 * The other player of a `darts:*` match. Every local dart is sent as the hit under its landing
 * point and the server applies it; the other player's darts arrive in `darts:state` and are
 * handed to the page as the centre of the segment they hit, so the page scores the same hit.
 */
export function personOpponent(
  socket: AppSocket,
  start: DartsMatch,
  myUserId: string,
): PersonOpponent {
  const mine = start.players.findIndex((p) => p.userId === myUserId);
  const theirs = mine === 0 ? 1 : 0;
  let match = start;
  /** How many of the other player's darts the page has taken. */
  let taken = 0;
  const queue: Hit[] = [];
  let waiting: ((hit: Hit) => void) | null = null;

  const onState = (next: DartsMatch) => {
    if (next.matchId !== match.matchId) return;
    // States may come out of order on a busy network: the longer game is the newer one.
    if ((next.game?.throws.length ?? 0) < (match.game?.throws.length ?? 0)) return;
    match = next;
    const darts = (next.game?.throws ?? []).filter((t) => t.player === theirs);
    for (const dart of darts.slice(taken + queue.length)) queue.push(dart.hit);
    if (waiting && queue.length) {
      const give = waiting;
      waiting = null;
      taken += 1;
      give(queue.shift()!);
    }
  };
  socket.on('darts:state', onState);

  const opponent: PersonOpponent = {
    kind: 'person',
    name: start.players[theirs]?.username ?? '',
    localFirst: mine === 0,
    match: () => match,
    nextDart() {
      return new Promise((resolve) => {
        const give = (hit: Hit) => resolve(aimPointFor(hit));
        if (queue.length) {
          taken += 1;
          give(queue.shift()!);
        } else {
          waiting = give;
        }
      });
    },
    onLocalDart(point) {
      const hit = hitAt(point.x, point.y);
      request(socket, 'darts:throw', { matchId: match.matchId, hit }).then(
        (state) => onState(state),
        (error: unknown) => opponent.onRefused?.(error instanceof Error ? error.message : ''),
      );
    },
    dispose() {
      socket.off('darts:state', onState);
      if (match.status === 'playing' || match.status === 'invited') {
        void request(socket, 'darts:leave', { matchId: match.matchId }).catch(() => undefined);
      }
    },
  };
  return opponent;
}
