import {
  AppRoute,
  type BridgePosition,
  type CurrentUser,
  type HostToWorld,
  type WorldToHost,
} from '@atrium/protocol';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { markAlbumUpdated } from '../../shared/album/albumDot.ts';
import { useLoadingOverlay } from '../../shared/loading/useLoadingOverlay.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import {
  FullscreenRecommendation,
  MessagePopup,
  PosterPopup,
  TutorialPopup,
  useFullscreenPrompt,
  useTutorialPopup,
} from './popups/index.ts';
import { GameCollection } from './GameCollection.tsx';
import { MobileWorldControls } from './mobile/MobileWorldControls.tsx';
import { WorldText } from './texts.ts';
import { ExitLink } from './ExitLink.tsx';
import { useExitTarget } from './homePage.ts';
import { useLoadingTicker } from './ticker.ts';
import { useWorldFocus } from './useWorldFocus.ts';
import { useWinnerAnnouncements } from './useWinnerAnnouncements.ts';
import { useWorldPlayer } from './useWorldPlayer.ts';
import { DEFAULT_STREAM_KEY, metaverseFlags, worldKeyFromSearch } from './worldAddress.ts';

/** SPEC §9: the stream's overlays hide 5000 ms after start. */
export const OVERLAY_HIDE_MS = 5000;
/** SPEC §9: closing the other world's window restarts the stream after 10000 ms. */
export const OTHER_WORLD_DELAY_MS = 10_000;
/** SPEC §9: the mobile variant recommends fullscreen 5000 ms after start. */
export const FULLSCREEN_PROMPT_MS = 5000;
/** Where the other world is kept for this tab (SPEC §4: "stored in session data"). */
export const OTHER_WORLD_KEY = 'atrium_other_world';

const CONTAINER_ID = 'atrium-world-frame';

/** A poster's NFT offer, as the purchase popup takes it. */
export interface NftOffer {
  tokenId: string;
  price: string;
  title: string;
}

type Popup =
  { kind: 'poster'; id: number } | { kind: 'inventory' } | { kind: 'nft'; offer: NftOffer } | null;

/** The wallet's popups in the world (the wallet feature's, placed by the app). */
export interface WorldWalletPopups {
  /** The inventory (I): items and avatars owned. */
  inventory: (props: { open: boolean; title: string; onClose: () => void }) => ReactNode;
  /** The NFT purchase popup (SPEC §8), opened by a poster's BUY NFT. */
  buyNft: (props: { offer: NftOffer | null; onClose: () => void }) => ReactNode;
}

interface OtherWorld {
  key: string;
  window: Window | null;
  /** Seconds until the campus reopens, once the other window closed. */
  returningIn: number | null;
}

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
  useWinnerAnnouncements(token);
  const { showError } = useDialogs();
  const [popup, setPopup] = useState<Popup>(null);
  const [welcome, setWelcome] = useState(false);
  const [otherWorld, setOtherWorld] = useState<OtherWorld | null>(null);
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

  const stopWorld = world.stop;
  useEffect(() => {
    openOtherWorld.current = (key: string) => {
      if (otherWorld) return;
      sessionStorage.setItem(OTHER_WORLD_KEY, key);
      stopWorld();
      const url = `${AppRoute.metaverse}?world=${encodeURIComponent(key)}`;
      const opened = window.open(url, '_blank');
      setOtherWorld({ key, window: opened, returningIn: null });
    };
  }, [otherWorld, stopWorld]);

  // While the other world is open, watch for its window closing; then restart after 10000 ms.
  useEffect(() => {
    if (!otherWorld?.window || otherWorld.returningIn !== null) return;
    const watch = window.setInterval(() => {
      if (!otherWorld.window?.closed) return;
      window.clearInterval(watch);
      setOtherWorld((o) => (o ? { ...o, returningIn: OTHER_WORLD_DELAY_MS / 1000 } : o));
    }, 500);
    return () => window.clearInterval(watch);
  }, [otherWorld]);

  const returnFromOtherWorld = useCallback(() => {
    sessionStorage.removeItem(OTHER_WORLD_KEY);
    setOtherWorld(null);
    void start(worldKey.current);
  }, [start]);

  useEffect(() => {
    const seconds = otherWorld?.returningIn;
    if (seconds == null) return;
    const tick = window.setTimeout(() => {
      if (seconds <= 1) returnFromOtherWorld();
      else setOtherWorld((o) => (o ? { ...o, returningIn: seconds - 1 } : o));
    }, 1000);
    return () => window.clearTimeout(tick);
  }, [otherWorld, returnFromOtherWorld]);

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
  useWorldFocus(hostRef, popup !== null || fullscreenPrompt.open || gameOpen);
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
        <div className="world-host__toolbar" role="toolbar" aria-label="World">
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
      </header>
      <div className="world-host__stage">
        <div id={CONTAINER_ID} className="world-host__frame" />
        {stageSlot}
        {touch && running && (
          <MobileWorldControls
            onEmote={(emote) => world.send({ type: 'emote', emote })}
            onPhoto={user.is_guest ? null : () => world.send({ type: 'take_screenshot' })}
          />
        )}

        {running && welcome && (
          <div className="world-host__welcome" role="status">
            <strong>{WorldText.welcome('the campus')}</strong>
            <span>{WorldText.welcomeHint}</span>
          </div>
        )}

        {phase === 'ended' && !otherWorld && (
          <div className="world-host__cover">
            <div className="world-host__card" role="status">
              <h2>{WorldText.sessionEndTitle}</h2>
              <p>
                {endReason === 'inactive'
                  ? WorldText.sessionEndInactive
                  : endReason === 'crash'
                    ? WorldText.sessionEndCrash
                    : WorldText.sessionEndStopped}
              </p>
              <div className="button-row">
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => void start(worldKey.current)}
                >
                  {WorldText.enterAgain}
                </button>
                <ExitLink exit={exit} className="button button--secondary">
                  {WorldText.backHome}
                </ExitLink>
              </div>
            </div>
          </div>
        )}

        {phase === 'failed' && (
          <div className="world-host__cover">
            <div className="world-host__card" role="alert">
              <h2>{WorldText.failed}</h2>
              <button
                type="button"
                className="button button--primary"
                onClick={() => void start(worldKey.current)}
              >
                {WorldText.retry}
              </button>
            </div>
          </div>
        )}

        {otherWorld && (
          <div className="world-host__cover">
            <div className="world-host__card" role="status">
              <h2>{WorldText.otherWorldTitle}</h2>
              {otherWorld.returningIn !== null ? (
                <p>{WorldText.otherWorldReturning(otherWorld.returningIn)}</p>
              ) : otherWorld.window ? (
                <p>{WorldText.otherWorldBody}</p>
              ) : (
                <p>
                  {WorldText.otherWorldBlocked}{' '}
                  <a
                    href={`${AppRoute.metaverse}?world=${encodeURIComponent(otherWorld.key)}`}
                    target="_blank"
                    rel="noopener"
                  >
                    {WorldText.openOtherWorld}
                  </a>
                </p>
              )}
              <button
                type="button"
                className="button button--primary"
                onClick={returnFromOtherWorld}
              >
                {WorldText.returnNow}
              </button>
            </div>
          </div>
        )}
      </div>

      <TutorialPopup
        open={tutorial.open || helpOpen}
        touch={touch}
        onClose={(dontShowAgain) => {
          setHelpOpen(false);
          tutorial.close(dontShowAgain);
        }}
      />
      <PosterPopup
        posterId={popup?.kind === 'poster' ? popup.id : null}
        onClose={() => setPopup(null)}
        onBuyNft={(poster) =>
          setPopup({
            kind: 'nft',
            offer: {
              tokenId: poster.token_id ?? '',
              price: poster.token_price ?? '',
              title: poster.title,
            },
          })
        }
      />
      {wallet ? (
        <>
          {wallet.inventory({
            open: popup?.kind === 'inventory',
            title: WorldText.inventoryTitle,
            onClose: () => setPopup(null),
          })}
          {wallet.buyNft({
            offer: popup?.kind === 'nft' ? popup.offer : null,
            onClose: () => setPopup(null),
          })}
        </>
      ) : (
        <>
          <MessagePopup
            open={popup?.kind === 'inventory'}
            onClose={() => setPopup(null)}
            title={WorldText.inventoryTitle}
            message={WorldText.inventoryEmpty}
          />
          <MessagePopup
            open={popup?.kind === 'nft'}
            onClose={() => setPopup(null)}
            title={WorldText.nftSoon}
            message={WorldText.nftSoonBody}
          />
        </>
      )}
      <FullscreenRecommendation
        open={fullscreenPrompt.open}
        onClose={fullscreenPrompt.close}
        onFullscreen={() => {
          fullscreenPrompt.close();
          toggleFullscreen();
        }}
      />
    </section>
  );
}
