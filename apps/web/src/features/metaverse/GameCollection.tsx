import { AppRoute, type HostToWorld } from '@atrium/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import {
  abandonMiniGame,
  MINI_GAME_POLL_MS,
  takeUnreportedResult,
} from '../../shared/miniGameData.ts';
import { notifySuccess } from '../../shared/toast/toast.ts';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { useMediaQuery } from '../../shared/ui/useMediaQuery.ts';
import { WorldText } from './texts.ts';

/** SPEC §9: the mini-game collection list has one entry, dart. */
export const MINI_GAME_COLLECTION = [
  { id: 'dart', label: WorldText.miniGameDart, path: `${AppRoute.miniGame}?embedded=1` },
] as const;

type MiniGameId = (typeof MINI_GAME_COLLECTION)[number]['id'];

export interface GameCollectionProps {
  /** Bridge messages to the world: audio off and on, and the finished game. */
  send: (message: HostToWorld) => void;
  /** The modal opened or closed (the page holds back its other popups meanwhile). */
  onOpenChange?: (open: boolean) => void;
  /** SPEC §2: the mini-game video panel, beside the game on windows at least 1200 px wide. */
  video?: ReactNode;
}

/** SPEC §2/§9: the mini-game video panel shows only when the window is at least 1200 px wide. */
export const MINI_GAME_VIDEO_MIN_WINDOW = 1200;

/**
 * The `mini-game=1` menu and the game-collection modal (SPEC §2): static backdrop, close button,
 * a 16:9 frame with the game. Showing it stops the metaverse audio, hiding resumes it; while it
 * is open the mini-game data is polled every 1000 ms and a finished game is told to the world once.
 */
export function GameCollection({ send, onOpenChange, video }: GameCollectionProps) {
  const wide = useMediaQuery(`(min-width: ${MINI_GAME_VIDEO_MIN_WINDOW}px)`);
  const [menuOpen, setMenuOpen] = useState(false);
  const [game, setGame] = useState<MiniGameId | null>(null);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const open = game !== null;
  useEffect(() => {
    onOpenChange?.(open);
  }, [open, onOpenChange]);
  useEffect(() => {
    if (!open) return;
    sendRef.current({ type: 'stop_metaverse_audio' });
    const testHook = new URLSearchParams(window.location.search).get('test-hook') === '1';
    if (testHook) window.__miniGameReports ??= [];
    const report = () => {
      const result = takeUnreportedResult();
      if (!result) return;
      sendRef.current({ type: 'mini_game_finished', ...result });
      if (testHook) window.__miniGameReports?.push(result);
      notifySuccess(
        result.isWinner
          ? WorldText.miniGameWon(result.username)
          : WorldText.miniGameLost(result.username),
      );
    };
    const poll = window.setInterval(report, MINI_GAME_POLL_MS);
    return () => {
      window.clearInterval(poll);
      // A game that ended just before the close is still told once; one left unfinished is
      // dropped, so the home page does not take the player back into it (SPEC §4).
      report();
      abandonMiniGame();
      sendRef.current({ type: 'play_metaverse_audio' });
    };
  }, [open]);

  // The menu closes on Escape and on a click elsewhere.
  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setMenuOpen(false);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  // With focus in the game, Escape happens in the game's document, where the dialog does not
  // hear it: the frame's Escape closes the modal too, unless the game used it (its own popup).
  const handleFrameLoad = (event: SyntheticEvent<HTMLIFrameElement>) => {
    event.currentTarget.contentWindow?.addEventListener('keydown', (key) => {
      if (key.key === 'Escape' && !key.defaultPrevented) setGame(null);
    });
  };

  const entry = MINI_GAME_COLLECTION.find((g) => g.id === game);
  const testHook = new URLSearchParams(window.location.search).get('test-hook') === '1';
  return (
    <div className="game-collection">
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        onClick={() => setMenuOpen((o) => !o)}
      >
        {WorldText.miniGames}
      </button>
      {menuOpen && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={WorldText.miniGames}
          className="game-collection__menu"
        >
          {MINI_GAME_COLLECTION.map((g) => (
            <button
              key={g.id}
              type="button"
              role="menuitem"
              className="game-collection__item"
              onClick={() => {
                setMenuOpen(false);
                setGame(g.id);
              }}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <circle cx="12" cy="12" r="10" fill="#16182b" />
                <circle cx="12" cy="12" r="7" fill="#c8102e" />
                <circle cx="12" cy="12" r="4" fill="#f1e3c2" />
                <circle cx="12" cy="12" r="1.6" fill="#0b7a3e" />
              </svg>
              {g.label}
            </button>
          ))}
        </div>
      )}
      <PopupShell
        open={open}
        onDismiss={() => setGame(null)}
        modal
        closeButton
        described={false}
        className={`game-collection__modal${wide && video ? ' game-collection__modal--video' : ''}`}
      >
        <Dialog.Title className="dialog__title game-collection__title">
          {entry?.label ?? WorldText.miniGames}
        </Dialog.Title>
        <div className="game-collection__body">
          {entry && (
            <iframe
              className="game-collection__frame"
              onLoad={handleFrameLoad}
              src={testHook ? `${entry.path}&test-hook=1` : entry.path}
              title={WorldText.miniGameFrame}
              allow="fullscreen"
            />
          )}
          {wide && video && (
            <aside className="game-collection__video" aria-label={WorldText.miniGameVideo}>
              {video}
            </aside>
          )}
        </div>
      </PopupShell>
    </div>
  );
}
