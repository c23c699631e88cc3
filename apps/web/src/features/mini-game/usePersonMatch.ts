import type { DartsInvited, DartsMatch, DartsMode } from '@atrium/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';

/**
 * socket.io's client (16 KB of gzipped JS) loads once the page is up rather than with it, so the
 * game's first load stays within the event pages' 170 KB budget (bench/web-size.mjs).
 */
const socketClient = () => import('../../shared/realtime/socketClient.ts');
import { PersonMatchText as T } from './leaderboardTexts.ts';

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

const message = (error: unknown) => (error instanceof Error ? error.message : '');

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

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let opened: AppSocket | null = null;
    socketClient()
      .then(({ connectSocket }) => connectSocket({ getToken: () => tokenRef.current ?? '' }))
      .then(
        (s) => {
          if (stopped) {
            s.close();
            return;
          }
          opened = s;
          s.on('darts:invited', (invitation) =>
            setInvitations((list) => [
              ...list.filter((i) => i.from_id !== invitation.from_id),
              invitation,
            ]),
          );
          s.on('darts:state', (match) => {
            const mine = outgoingRef.current;
            if (!mine || match.matchId !== mine.matchId) {
              // An invitation to us was withdrawn.
              if (match.status === 'left') {
                setInvitations((list) => list.filter((i) => i.matchId !== match.matchId));
              }
              return;
            }
            if (match.status === 'playing' && (match.game?.throws.length ?? 0) === 0) {
              setOutgoing(null);
              startedRef.current(match, s);
            } else if (match.status === 'declined') {
              setOutgoing(null);
              setNotice(T.declined(match.players[1]?.username ?? ''));
            }
          });
          setSocket(s);
        },
        () => setNotice(T.offline),
      );
    return () => {
      stopped = true;
      opened?.close();
    };
  }, [enabled]);

  const invite = useCallback(
    async (username: string, mode: DartsMode) => {
      if (!socket) return;
      setNotice(null);
      try {
        const { request } = await socketClient();
        setOutgoing(await request(socket, 'darts:invite', { username, mode }));
      } catch (error) {
        setNotice(message(error));
      }
    },
    [socket],
  );

  const answer = useCallback(
    async (invitation: DartsInvited, accept: boolean) => {
      setInvitations((list) => list.filter((i) => i.matchId !== invitation.matchId));
      if (!socket) return;
      try {
        const { request } = await socketClient();
        const match = await request(socket, 'darts:answer', {
          matchId: invitation.matchId,
          accept,
        });
        if (accept && match.status === 'playing') startedRef.current(match, socket);
      } catch (error) {
        setNotice(message(error));
      }
    },
    [socket],
  );

  const cancel = useCallback(async () => {
    const mine = outgoingRef.current;
    setOutgoing(null);
    if (!socket || !mine) return;
    const { request } = await socketClient();
    await request(socket, 'darts:leave', { matchId: mine.matchId }).catch(() => undefined);
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
