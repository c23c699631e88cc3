import {
  type BridgePosition,
  type CurrentUser,
  type HostToWorld,
  type WorldToHost,
} from '@atrium/protocol';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { markAlbumUpdated } from '../../shared/album/albumDot.ts';
import { useLoadingOverlay } from '../../shared/loading/useLoadingOverlay.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { DisclosureToggle } from '../../shared/ui/DisclosureToggle.tsx';
import { useDisclosure } from '../../shared/ui/useDisclosure.ts';
import { useFullscreenPrompt, useTutorialPopup } from './popups/index.ts';
import { GameCollection } from './GameCollection.tsx';
import { MobileWorldControls } from './mobile/MobileWorldControls.tsx';
import { WorldText } from './texts.ts';
import { useExitTarget } from './homePage.ts';
import { useLoadingTicker } from './ticker.ts';
import { pressWorldKey, useWorldFocus } from './useWorldFocus.ts';
import { useOtherWorld } from './useOtherWorld.ts';
import { useWinnerAnnouncements } from './useWinnerAnnouncements.ts';
import { useWorldPlayer } from './useWorldPlayer.ts';
import { DEFAULT_STREAM_KEY, metaverseFlags, worldKeyFromSearch } from './worldAddress.ts';
import { WorldCovers } from './WorldCovers.tsx';
import { WorldPopups, type Popup, type WorldWalletPopups } from './WorldPopups.tsx';

/** SPEC §9: the stream's overlays hide 5000 ms after start. */
export const OVERLAY_HIDE_MS = 5000;
/** SPEC §9: the mobile variant recommends fullscreen 5000 ms after start. */
export const FULLSCREEN_PROMPT_MS = 5000;

const CONTAINER_ID = 'atrium-world-frame';

const wantsFullscreenPrompt = () =>
  window.matchMedia?.('(pointer: coarse)').matches === true || window.innerWidth < 900;

export interface WorldHostProps {
  user: CurrentUser;
  token: string;
  /** The mobile page: touch tutorial, emote and photo buttons on the world, a full-height stage. */
  touch?: boolean;
  /** More toolbar buttons (the classroom's), after "How to play". */
  toolbarSlot?: ReactNode;
  /** Things over the world's stage (the classroom panel and its hint). */
  stageSlot?: ReactNode;
  /** SPEC §2: the mini-game video panel beside the game (the video room's tiles). */
  miniGameVideoSlot?: ReactNode;
  /** World messages this host does not handle itself (`classroom_near`, `classroom_join`). */
  onWorldMessage?: (message: WorldToHost) => void;
  /** Hands the running world to the page (the social layer's emotes), null when it goes. */
  onWorldHandle?: (handle: WorldHandle | null) => void;
  /** The wallet's inventory and purchase popups; without them, plain notes stand in. */
  wallet?: WorldWalletPopups;
}

/** What a page may do with the world: send it bridge messages and ask where the avatar is. */
export interface WorldHandle {
  send: (message: HostToWorld) => void;
  requestPosition: () => Promise<BridgePosition>;
}

/** The world on the metaverse page: the embed frame, its toolbar, and the page's popups. */
export function WorldHost({
  user,
  token,
  touch = false,
  toolbarSlot,
  stageSlot,
  miniGameVideoSlot,
  onWorldMessage,
  onWorldHandle,
  wallet,
}: WorldHostProps) {
  const navigate = useNavigate();
  const overlay = useLoadingOverlay();
  useWinnerAnnouncements(token, user.username);
  const { showError } = useDialogs();
  const [popup, setPopup] = useState<Popup>(null);
  const [welcome, setWelcome] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const tutorial = useTutorialPopup({ username: user.username, is_guest: user.is_guest });
  // "How to play" opens the tutorial even after "Don't show again".
  const [helpOpen, setHelpOpen] = useState(false);
  // The game-collection modal (`mini-game=1`) is a popup too: nothing else opens over it.
  const [gameOpen, setGameOpen] = useState(false);
  const fullscreenPrompt = useFullscreenPrompt(
    FULLSCREEN_PROMPT_MS,
    tutorial.open || helpOpen || popup !== null || gameOpen,
  );
  const flags = metaverseFlags(window.location.search);
  const worldKey = useRef(worldKeyFromSearch(window.location.search) ?? DEFAULT_STREAM_KEY);
  const timers = useRef<number[]>([]);
  const later = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(fn, ms));

  const openOtherWorld = useRef<(key: string) => void>(() => {});
  const worldMessage = useRef(onWorldMessage);
  useEffect(() => {
    worldMessage.current = onWorldMessage;
  }, [onWorldMessage]);
  const onBridge = useCallback((message: WorldToHost) => {
    switch (message.type) {
      case 'poster_open':
        setPopup({ kind: 'poster', id: message.id });
        return;
      case 'inventory_open':
        setPopup({ kind: 'inventory' });
        return;
      case 'other_world':
        openOtherWorld.current(message.key);
        return;
      case 'screenshot_saved':
        notifySuccess(WorldText.photoSaved);
        markAlbumUpdated();
        return;
      case 'screenshot_failed':
        notifyError(message.message);
        return;
      default:
        // The classroom's messages (and any a page adds) go to the page's own handler.
        worldMessage.current?.(message);
        return;
    }
  }, []);

  const onStreamStart = useCallback(() => {
    overlay.hide();
    setWelcome(true);
    later(() => setWelcome(false), OVERLAY_HIDE_MS);
    tutorial.show();
    if (touch || wantsFullscreenPrompt()) fullscreenPrompt.schedule();
    // `later` and `tutorial.show` are stable enough: the tutorial cookie name depends on the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [overlay, tutorial.show, touch, fullscreenPrompt.schedule]);

  const world = useWorldPlayer({ containerId: CONTAINER_ID, token, onBridge, onStreamStart });
  const { phase, progress, endReason } = world.state;
  const ticker = useLoadingTicker(phase === 'starting');

  // The loading overlay shows the frame's real progress and the ticker's phrase.
  useEffect(() => {
    if (phase === 'starting') overlay.show(progress, ticker);
    else overlay.hide();
  }, [phase, progress, ticker, overlay]);
  useEffect(() => () => overlay.hide(), [overlay]);

  const start = world.start;
  useEffect(() => {
    void start(worldKey.current);
  }, [start]);

  useEffect(() => {
    if (phase === 'failed') void showError({ message: WorldText.failed });
  }, [phase, showError]);

  const restart = useCallback(() => void start(worldKey.current), [start]);
  const { otherWorld, returnFromOtherWorld } = useOtherWorld(restart, world.stop, openOtherWorld);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    const pending = timers.current;
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      for (const t of pending) window.clearTimeout(t);
    };
  }, []);

  useEffect(() => {
    if (!onWorldHandle) return;
    onWorldHandle({ send: world.send, requestPosition: world.requestPosition });
    return () => onWorldHandle(null);
  }, [onWorldHandle, world.send, world.requestPosition]);

  // The debug handle of SPEC §2 (`12345`) exists in development builds only (DESIGN.md).
  useEffect(() => {
    if (!import.meta.env.DEV || !flags.debugHandle) return;
    const handle = { send: world.send, requestPosition: world.requestPosition, stop: world.stop };
    (window as { atriumDebug?: typeof handle }).atriumDebug = handle;
    return () => {
      delete (window as { atriumDebug?: typeof handle }).atriumDebug;
    };
  }, [flags.debugHandle, world.send, world.requestPosition, world.stop]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };

  const running = phase === 'running';
  // SPEC §2: the configured home page is where Leave goes.
  const exit = useExitTarget();
  const hostRef = useRef<HTMLElement>(null);
  const {
    open: toolsOpen,
    setOpen: setToolsOpen,
    containerRef: toolsRef,
    toggleRef: toolsToggleRef,
    onKeyDown: handleToolsKey,
  } = useDisclosure<HTMLDivElement>();
  const toolbarId = useId();
  // The tutorial that opened by itself hands the keys to the world too; opened with "How to
  // play", it gives focus back to that button (PopupShell).
  useWorldFocus(hostRef, popup !== null || fullscreenPrompt.open || gameOpen || tutorial.open);
  return (
    <section
      ref={hostRef}
      className={`world-host${touch ? ' world-host--touch' : ''}${fullscreen ? ' world-host--fullscreen' : ''}`}
      aria-labelledby="world-host-title"
    >
      <header className="world-host__header">
        <h1 id="world-host-title" className={touch ? 'world-host__title' : 'visually-hidden'}>
          {WorldText.frameTitle}
        </h1>
        {/* On a narrow window the toolbar folds behind "Menu" rather than taking rows of the
            world (issue 27). */}
        <div
          ref={toolsRef}
          className="world-host__tools"
          onKeyDown={handleToolsKey}
          // Toasts keep clear of the open menu (TOAST_CLEAR_ATTRIBUTE), and of the toolbar or
          // its folded "Menu" whatever has the focus (TOAST_KEEP_CLEAR_ATTRIBUTE).
          data-toast-clear={toolsOpen || undefined}
          data-toast-keep-clear
        >
          <DisclosureToggle
            open={toolsOpen}
            setOpen={setToolsOpen}
            toggleRef={toolsToggleRef}
            controls={toolbarId}
            className="button button--secondary world-host__tools-toggle"
          >
            {WorldText.toolbarMenu}
          </DisclosureToggle>
          <div
            id={toolbarId}
            className="world-host__toolbar"
            role="toolbar"
            aria-label={WorldText.toolbarLabel}
            data-open={toolsOpen}
          >
            {/* On a touch screen the camera button sits on the world, under the thumb. */}
            {!touch && (
              <button
                type="button"
                className="button button--secondary"
                disabled={!running}
                onClick={() => world.send({ type: 'take_screenshot' })}
              >
                {WorldText.takePhoto}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setHelpOpen(true)}
            >
              {WorldText.howToPlay}
            </button>
            {toolbarSlot}
            <button type="button" className="button button--secondary" onClick={toggleFullscreen}>
              {WorldText.fullscreen}
            </button>
            {flags.miniGame && (
              <GameCollection
                send={world.send}
                onOpenChange={setGameOpen}
                video={miniGameVideoSlot}
              />
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                world.stop();
                if (exit.kind === 'url') window.location.assign(exit.href);
                else void navigate(exit.path);
              }}
            >
              {WorldText.leave}
            </button>
          </div>
        </div>
      </header>
      <div className="world-host__stage">
        <div id={CONTAINER_ID} className="world-host__frame" />
        {stageSlot}
        {touch && running && (
          <MobileWorldControls
            onEmote={(emote) => world.send({ type: 'emote', emote })}
            onPhoto={user.is_guest ? null : () => world.send({ type: 'take_screenshot' })}
            onTurn={(direction, turning) =>
              pressWorldKey(
                hostRef.current,
                direction === 'left' ? 'ArrowLeft' : 'ArrowRight',
                turning,
              )
            }
          />
        )}

        {running && welcome && (
          <div className="world-host__welcome" role="status">
            <strong>{WorldText.welcome('the campus')}</strong>
            <span>{WorldText.welcomeHint}</span>
          </div>
        )}

        <WorldCovers
          phase={phase}
          endReason={endReason}
          otherWorld={otherWorld}
          exit={exit}
          onStart={restart}
          onReturn={returnFromOtherWorld}
        />
      </div>

      <WorldPopups
        popup={popup}
        onPopup={setPopup}
        tutorialOpen={tutorial.open || helpOpen}
        touch={touch}
        onTutorialClose={(dontShowAgain) => {
          setHelpOpen(false);
          tutorial.close(dontShowAgain);
        }}
        wallet={wallet}
        fullscreenOpen={fullscreenPrompt.open}
        onFullscreenClose={fullscreenPrompt.close}
        onFullscreen={() => {
          fullscreenPrompt.close();
          toggleFullscreen();
        }}
      />
    </section>
  );
}
