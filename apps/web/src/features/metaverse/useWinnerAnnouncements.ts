import { MinigameText, type MinigameWinner } from '@atrium/protocol';
import { useEffect, useRef } from 'react';
import { connectSocket, type AppSocket } from '../../shared/realtime/socketClient.ts';
import { notifySuccess } from '../../shared/toast/toast.ts';

/** The toast of a darts win (issue 17): `{username} won a game of … darts!`. */
export const winnerToast = (winner: MinigameWinner): string =>
  MinigameText.winner(winner.username, winner.mode);

/**
 * The world announcement of issue 17's mini-game: while the campus is open, every
 * `minigame:winner` (a win anywhere on the campus, on any server process) shows a toast, except
 * the person's own: their game already said so (`WorldText.miniGameWon`), and one win is one
 * toast (issue 27). A hold on the page's socket, like the social layer's, so the page needs
 * nothing from the world's frame.
 */
export function useWinnerAnnouncements(
  token: string,
  selfName: string,
  show = notifySuccess,
): void {
  const selfRef = useRef(selfName);
  useEffect(() => {
    selfRef.current = selfName;
  });
  const tokenRef = useRef(token);
  useEffect(() => {
    tokenRef.current = token;
  });
  const showRef = useRef(show);
  useEffect(() => {
    showRef.current = show;
  });

  useEffect(() => {
    let stopped = false;
    let opened: AppSocket | null = null;
    connectSocket({ getToken: () => tokenRef.current }).then(
      (s) => {
        if (stopped) {
          s.close();
          return;
        }
        opened = s;
        s.on('minigame:winner', (winner) => {
          if (winner.username !== selfRef.current) showRef.current(winnerToast(winner));
        });
      },
      // Without the socket the campus still works; only the announcements are missed.
      () => undefined,
    );
    return () => {
      stopped = true;
      opened?.close();
    };
  }, []);
}
