import type { DartsInvited, DartsMatch, DartsMode } from '@atrium/protocol';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { connectSocket, request, type AppSocket } from '../../shared/realtime/socketClient.ts';
import { PersonMatchText as T } from './leaderboardTexts.ts';

/**
 * The socket side of usePersonMatch (`darts:*`), with socket.io's client: loaded once the page is
 * up rather than with it (see usePersonMatch for the measurement).
 */

/** usePersonMatch's state, as its socket side changes it. */
export interface MatchState {
  token: RefObject<string | null>;
  outgoing: RefObject<DartsMatch | null>;
  started: RefObject<(match: DartsMatch, socket: AppSocket) => void>;
  setInvitations: Dispatch<SetStateAction<DartsInvited[]>>;
  setOutgoing: Dispatch<SetStateAction<DartsMatch | null>>;
  setNotice: Dispatch<SetStateAction<string | null>>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : '');

/** Connects, and listens for invitations to us and the answer to ours. */
export async function openMatchSocket(state: MatchState): Promise<AppSocket> {
  // The list of invitations loads now, before any invitation can arrive.
  void import('./screens/InvitationList.tsx');
  const s = await connectSocket({ getToken: () => state.token.current ?? '' });
  s.on('darts:invited', (invitation) =>
    state.setInvitations((list) => [
      ...list.filter((i) => i.from_id !== invitation.from_id),
      invitation,
    ]),
  );
  s.on('darts:state', (match) => {
    const mine = state.outgoing.current;
    if (!mine || match.matchId !== mine.matchId) {
      // An invitation to us was withdrawn.
      if (match.status === 'left') {
        state.setInvitations((list) => list.filter((i) => i.matchId !== match.matchId));
      }
      return;
    }
    if (match.status === 'playing' && (match.game?.throws.length ?? 0) === 0) {
      state.setOutgoing(null);
      state.started.current(match, s);
    } else if (match.status === 'declined') {
      state.setOutgoing(null);
      state.setNotice(T.declined(match.players[1]?.username ?? ''));
    }
  });
  return s;
}

/** Invites `username` to a game of `mode`. */
export async function invite(
  state: MatchState,
  socket: AppSocket,
  username: string,
  mode: DartsMode,
): Promise<void> {
  state.setNotice(null);
  try {
    state.setOutgoing(await request(socket, 'darts:invite', { username, mode }));
  } catch (error) {
    state.setNotice(message(error));
  }
}

/** Answers an invitation to us: a match starts when it is accepted. */
export async function answer(
  state: MatchState,
  socket: AppSocket,
  invitation: DartsInvited,
  accept: boolean,
): Promise<void> {
  try {
    const match = await request(socket, 'darts:answer', { matchId: invitation.matchId, accept });
    if (accept && match.status === 'playing') state.started.current(match, socket);
  } catch (error) {
    state.setNotice(message(error));
  }
}

/** Withdraws our invitation. */
export async function cancel(socket: AppSocket, mine: DartsMatch): Promise<void> {
  await request(socket, 'darts:leave', { matchId: mine.matchId }).catch(() => undefined);
}
