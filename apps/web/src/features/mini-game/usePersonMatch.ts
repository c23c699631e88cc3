import type { DartsInvited, DartsMatch, DartsMode } from '@atrium/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';
import type { MatchState } from './matchSocket.ts';
import { PersonMatchText as T } from './leaderboardTexts.ts';

/**
 * The socket side (matchSocket.ts, with socket.io's client: 16 KB of gzipped JS) loads once the
 * page is up rather than with it (its first load: bench/web-size.mjs). With its handlers there,
 * the invitation list (Invitations.tsx) and the server's calls (play.ts), the page's first load
 * is 0.5 KB smaller (172.5 to 172.0 KB).
 */
const matchSocket = () => import('./matchSocket.ts');

export interface PersonMatch {
  /** The page's socket, once connected (null for guests and while connecting). */
  socket: AppSocket | null;
  /** Invitations to us that wait for an answer, oldest first. */
  invitations: DartsInvited[];
  /** Our own invitation that waits for its answer. */
  outgoing: DartsMatch | null;
  /** The last refusal or news, for the page to show. */
  notice: string | null;
  invite(username: string, mode: DartsMode): Promise<void>;
  answer(invitation: DartsInvited, accept: boolean): Promise<void>;
  cancel(): Promise<void>;
}

/**
 * The `darts:*` side of the mini-game page for a signed-in account: a hold on its document's
 * socket (the page runs in the game-collection frame), invitations both ways and the start of
 * a match.
 */
export function usePersonMatch(
  token: string | null,
  enabled: boolean,
  /** A match started (ours was accepted, or theirs we accepted), on this socket. */
  onStarted: (match: DartsMatch, socket: AppSocket) => void,
): PersonMatch {
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [invitations, setInvitations] = useState<DartsInvited[]>([]);
  const [outgoing, setOutgoing] = useState<DartsMatch | null>(null);
  const startedRef = useRef(onStarted);
  useEffect(() => {
    startedRef.current = onStarted;
  });
  const [notice, setNotice] = useState<string | null>(null);
  const tokenRef = useRef(token);
  useEffect(() => {
    tokenRef.current = token;
  });
  const outgoingRef = useRef<DartsMatch | null>(null);
  useEffect(() => {
    outgoingRef.current = outgoing;
  });

  const [state] = useState<MatchState>(() => ({
    token: tokenRef,
    outgoing: outgoingRef,
    started: startedRef,
    setInvitations,
    setOutgoing,
    setNotice,
  }));

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let opened: AppSocket | null = null;
    matchSocket()
      .then(({ openMatchSocket }) => openMatchSocket(state))
      .then(
        (s) => {
          if (stopped) {
            s.close();
            return;
          }
          opened = s;
          setSocket(s);
        },
        () => setNotice(T.offline),
      );
    return () => {
      stopped = true;
      opened?.close();
    };
  }, [enabled, state]);

  const invite = useCallback(
    async (username: string, mode: DartsMode) => {
      if (!socket) return;
      await (await matchSocket()).invite(state, socket, username, mode);
    },
    [socket, state],
  );

  const answer = useCallback(
    async (invitation: DartsInvited, accept: boolean) => {
      setInvitations((list) => list.filter((i) => i.matchId !== invitation.matchId));
      if (!socket) return;
      await (await matchSocket()).answer(state, socket, invitation, accept);
    },
    [socket, state],
  );

  const cancel = useCallback(async () => {
    const mine = outgoingRef.current;
    setOutgoing(null);
    if (!socket || !mine) return;
    await (await matchSocket()).cancel(socket, mine);
  }, [socket]);

  return {
    socket,
    invitations,
    outgoing,
    notice,
    invite,
    answer,
    cancel,
  };
}
