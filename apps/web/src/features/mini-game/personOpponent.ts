import { MinigameConstants, type DartsMatch } from '@atrium/protocol';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';
import { toLanded, until, type DartsOpponent, type LandedDart } from './opponent.ts';

/** The socket client loads with the match (see usePersonMatch), not with the page. */
const socketClient = () => import('../../shared/realtime/socketClient.ts');

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
 * The other player of a `darts:*` match. Every local dart is sent as where the hand threw it and
 * the server lands it; the other player's darts arrive in `darts:state`, each where it landed.
 * The server takes no dart sooner than `dartIntervalMs` after the match's previous one, so the
 * page waits that long after the last dart it heard of. `onRefused` hears that the other player
 * left.
 */
export function personOpponent(
  socket: AppSocket,
  start: DartsMatch,
  myUserId: string,
  onRefused: (message: string) => void = () => {},
): PersonOpponent {
  const me = start.players.findIndex((p) => p.userId === myUserId);
  const theirs = me === 0 ? 1 : 0;
  let match = start;
  /** How many of the other player's darts were handed to the page or queued. */
  let seen = (start.game?.throws ?? []).filter((t) => t.player === theirs).length;
  const queue: LandedDart[] = [];
  let waiting: ((dart: LandedDart) => void) | null = null;
  let ready = performance.now() + MinigameConstants.dartIntervalMs;

  const onState = (next: DartsMatch) => {
    if (next.matchId !== match.matchId) return;
    // States may arrive out of order: the longer game is the newer one.
    const count = next.game?.throws.length ?? 0;
    if (count < (match.game?.throws.length ?? 0)) return;
    if (count > (match.game?.throws.length ?? 0)) {
      ready = performance.now() + MinigameConstants.dartIntervalMs;
    }
    match = next;
    const darts = (next.game?.throws ?? []).filter((t) => t.player === theirs);
    queue.push(...darts.slice(seen).map(toLanded));
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
    firstThrower: me === 0 ? 0 : 1,
    match: () => match,
    nextDart() {
      return new Promise((resolve) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else waiting = resolve;
      });
    },
    async throwDart(aim) {
      await until(ready);
      const { request } = await socketClient();
      const next = await request(socket, 'darts:throw', { matchId: match.matchId, aim });
      onState(next);
      const mine = next.game?.throws.at(-1);
      if (!mine || mine.player !== me) throw new Error(PersonText.lost);
      return toLanded(mine);
    },
    readyAt: () => ready,
    // A match's result is stored by the server for both players; the page says so.
    result: () => null,
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
  lost: 'Your dart did not reach the match. Please throw again.',
} as const;
