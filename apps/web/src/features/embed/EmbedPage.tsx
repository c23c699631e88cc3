import type { PublicShare } from '@atrium/protocol';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { EmbedController } from './embedController.ts';
import {
  fetchLeaderboard,
  fetchPosters,
  fetchShare,
  savePhoto,
  serverInfo,
  streamSlots,
} from './embedApi.ts';
import { parseEmbedFlags, type EmbedFlags } from './embedFlags.ts';
import { createFrameSession } from './frameSession.ts';
import { createHostChannel, detectHost, reportErrorToAnyHost } from './hostChannel.ts';
import { AuthText, ShareText } from '@atrium/protocol';
import { DialogHost } from '../../shared/dialogs/DialogHost.tsx';
import { dialogs } from '../../shared/dialogs/dialogStore.ts';
import { AuthWebText } from '../../shared/auth/texts.ts';
import { createStore } from '../../shared/store.ts';
import { EmbedText } from './texts.ts';
import { VoiceControls } from './voice/VoiceControls.tsx';
import type { VoiceSession } from './voice/voiceSession.ts';

/** A phone or tablet (coarse pointer): its hidden page gives its stream slot back. */
const prefersTouch = () => window.matchMedia?.('(pointer: coarse)').matches === true;
import './EmbedPage.css';
import { lineIconProps } from './lineIcon.ts';

/** Keys that count as the visitor being there (SPEC: inactivity ends the session). */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

const shareIdFromPath = (pathname: string): string =>
  decodeURIComponent(pathname.replace(/^\/embed\//, '').split('/')[0] ?? '');

/** Resolves once the document has loaded, so a host listening from the iframe's load event hears us. */
const afterDocumentLoad = (): Promise<void> =>
  new Promise((resolve) => {
    const settle = () => window.setTimeout(resolve, 50);
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
  });

/** The home page's guest warning, from the app's dialog queue (rendered by the frame's DialogHost). */
const confirmGuest = () =>
  dialogs.confirm({
    title: AuthWebText.guestTitle,
    message: AuthText.guestWarning,
    confirmLabel: AuthWebText.guestConfirm,
  });

/** `/embed/{shareId}`: the world, alone in its page, driven by the Player SDK protocol. */
export function EmbedPage() {
  const flags = useMemo(() => parseEmbedFlags(window.location.search), []);
  const shareId = useMemo(() => shareIdFromPath(window.location.pathname), []);
  const [share, setShare] = useState<PublicShare | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    fetchShare(shareId)
      .then(async (found) => {
        if (cancelled) return;
        setShare(found);
        if (!found) {
          await afterDocumentLoad();
          reportErrorToAnyHost(detectHost(), ShareText.unknownShare);
        }
      })
      .catch(() => {
        if (!cancelled) setLoadError(EmbedText.startFailed);
      });
    return () => {
      cancelled = true;
    };
  }, [shareId]);

  useEffect(() => {
    document.title = share ? `${share.title} · Atrium` : 'Atrium';
  }, [share]);

  if (loadError) return <EmbedMessage text={loadError} />;
  if (share === undefined) return <EmbedMessage text={EmbedText.checkingShare} busy />;
  if (share === null) return <EmbedMessage text={ShareText.unknownShare} />;
  return <EmbedWorld share={share} flags={flags} />;
}

/**
 * The local debug bridge (`npm run world:debug-bridge`): SDK messages from a debug-mode Player
 * reach this world, and the world's answers go back, as `{type: 'atrium', task: 'sdk', data}`.
 */
function connectDebugBridge(address: string, controller: EmbedController): () => void {
  const socket = new WebSocket(address);
  const send = (text: string) => {
    if (socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: 'atrium', task: 'sdk', data: text }));
    }
  };
  controller.setDebugOutput(send);
  socket.onopen = () => console.info(`Connected to the debug bridge at ${address}`);
  socket.onerror = () => console.warn(`The debug bridge at ${address} is not reachable.`);
  socket.onmessage = (event: MessageEvent) => {
    try {
      const message = JSON.parse(String(event.data)) as {
        type?: unknown;
        task?: unknown;
        data?: unknown;
      };
      if (message.type === 'atrium' && message.task === 'sdk')
        controller.receiveDebugMessage(message.data);
    } catch {
      // Not JSON: not ours.
    }
  };
  return () => {
    controller.setDebugOutput(null);
    socket.close();
  };
}

function EmbedMessage({ text, busy = false }: { text: string; busy?: boolean }) {
  return (
    <main className="embed embed--message" aria-busy={busy}>
      <p role={busy ? 'status' : 'alert'}>{text}</p>
    </main>
  );
}

function EmbedWorld({ share, flags }: { share: PublicShare; flags: EmbedFlags }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The running world's voice (issue 30 §2), for its controls; null while no world runs.
  const voiceSlot = useMemo(() => createStore<VoiceSession | null>(null), []);
  const controller = useMemo(() => {
    const host = detectHost();
    const allowed = new Set([window.location.origin, ...share.allowed_origins]);
    return new EmbedController({
      share,
      flags,
      host: createHostChannel(host, allowed),
      // Opened on its own, the frame makes its own guest: warn as the home page does (SPEC §4).
      session: createFrameSession(host.window === null ? { confirmGuest } : {}),
      startWorld: async (canvas, { getToken, ...options }) => {
        const [{ startWorld }, { createWorldTransport }, { startVoiceSession }] = await Promise.all(
          [
            import('@atrium/world/render'),
            import('../../shared/realtime/worldTransport.ts'),
            import('./voice/voiceSession.ts'),
          ],
        );
        const transport = createWorldTransport({ getToken });
        const world = startWorld(canvas, {
          ...options,
          transport,
          loadPosters: fetchPosters,
          loadLeaderboard: fetchLeaderboard,
        });
        // The voice lives and ends with its world.
        const voice = startVoiceSession({ world: world.voice, getToken });
        voiceSlot.set(voice);
        return {
          ...world,
          dispose() {
            voice.dispose();
            if (voiceSlot.get() === voice) voiceSlot.set(null);
            world.dispose();
          },
        };
      },
      savePhoto,
      slots: streamSlots,
      serverInfo,
      fullscreen: (on) => {
        if (on) void document.documentElement.requestFullscreen?.().catch(() => undefined);
        else if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      },
    });
  }, [share, flags, voiceSlot]);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const voice = useSyncExternalStore(voiceSlot.subscribe, voiceSlot.get);

  useEffect(() => {
    if (canvasRef.current) controller.attach(canvasRef.current);
    const detachBridge = flags.debugBridge
      ? connectDebugBridge(flags.debugBridge, controller)
      : () => {};
    let live = true;
    void afterDocumentLoad().then(() => {
      if (live) controller.announceLoad();
    });
    const controllerAbort = new AbortController();
    const onActivity = () => controller.activity();
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { passive: true, signal: controllerAbort.signal });
    }
    window.addEventListener(
      'keydown',
      (event) => {
        const target = event.target as HTMLElement | null;
        if (target?.closest('input, textarea, select, [contenteditable]')) return;
        if (event.code === 'KeyP' && !event.repeat && !event.ctrlKey && !event.metaKey) {
          void controller.takePhoto();
        }
      },
      { signal: controllerAbort.signal },
    );
    // SPEC §7: the slot goes back on page unload, and when a phone's page is hidden.
    window.addEventListener('pagehide', () => controller.releaseSlot(true), {
      signal: controllerAbort.signal,
    });
    document.addEventListener(
      'visibilitychange',
      () => {
        if (document.visibilityState === 'hidden' && prefersTouch()) controller.stop('host');
      },
      { signal: controllerAbort.signal },
    );
    return () => {
      live = false;
      controllerAbort.abort();
      detachBridge();
      controller.dispose();
    };
  }, [controller, flags.debugBridge]);

  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const play = () => void controller.start();
  const running = state.phase === 'running';
  const showPlay = !flags.hidePlayButton;

  return (
    <main
      className={`embed${flags.whiteLabel ? ' embed--white-label' : ''}`}
      aria-label={share.title}
    >
      <canvas
        ref={canvasRef}
        className="embed__canvas"
        tabIndex={0}
        aria-label={`3D world: ${share.title}`}
      />

      {!flags.hideTitle && (
        <header className="embed__title">
          {!flags.whiteLabel && <span className="embed__brand">{EmbedText.poweredBy}</span>}
          <span>{share.title}</span>
        </header>
      )}

      {running && voice && <VoiceControls session={voice} />}

      {running && state.prompt && (
        <button type="button" className="embed__prompt" onClick={() => controller.interact()}>
          {state.prompt}
        </button>
      )}

      {running && !state.connected && (
        <p className="embed__banner" role="status">
          {EmbedText.reconnecting}
        </p>
      )}

      {state.notice && (
        <p className="embed__notice" role="status">
          {state.notice}
        </p>
      )}

      {running && !flags.hideToolbar && (
        <nav className="embed__toolbar" aria-label="World controls">
          <button
            type="button"
            className="embed__tool"
            onClick={() => void controller.takePhoto()}
            aria-label={EmbedText.takePhoto}
            title={EmbedText.takePhoto}
          >
            <CameraIcon />
          </button>
          <button
            type="button"
            className="embed__tool"
            onClick={() => controller.setAudio(!state.audioOn)}
            aria-label={state.audioOn ? EmbedText.mute : EmbedText.unmute}
            aria-pressed={!state.audioOn}
            title={state.audioOn ? EmbedText.mute : EmbedText.unmute}
          >
            <SoundIcon on={state.audioOn} />
          </button>
          <button
            type="button"
            className="embed__tool"
            onClick={() =>
              fullscreen
                ? void document.exitFullscreen()
                : void document.documentElement.requestFullscreen?.()
            }
            aria-label={fullscreen ? EmbedText.exitFullscreen : EmbedText.fullscreen}
            title={fullscreen ? EmbedText.exitFullscreen : EmbedText.fullscreen}
          >
            <FullscreenIcon />
          </button>
        </nav>
      )}

      {!running && (
        <div
          className="embed__cover"
          style={
            state.thumbnailUrl ? { backgroundImage: `url("${encodeURI(state.thumbnailUrl)}")` } : {}
          }
        >
          {state.phase === 'starting' ? (
            <div className="embed__loading" role="status" aria-live="polite">
              <p>{EmbedText.loading}</p>
              <div
                className="embed__progress"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={state.progress}
                aria-label={EmbedText.loading}
              >
                <span style={{ width: `${state.progress}%` }} />
              </div>
              <p className="embed__percent">{state.progress}%</p>
            </div>
          ) : (
            <div className="embed__card">
              {state.phase === 'stopped' && (
                <>
                  <h1>{EmbedText.sessionEnded}</h1>
                  <p>
                    {state.stopReason === 'inactive'
                      ? EmbedText.sessionEndedInactive
                      : state.stopReason === 'crash'
                        ? EmbedText.crashed
                        : EmbedText.sessionEndedStopped}
                  </p>
                </>
              )}
              {state.phase === 'failed' && <p role="alert">{state.error}</p>}
              {state.phase === 'idle' && <h1>{share.title}</h1>}
              {showPlay && (
                <button type="button" className="embed__play" onClick={play}>
                  <PlayIcon />
                  {state.phase === 'idle' ? EmbedText.play : EmbedText.playAgain}
                </button>
              )}
            </div>
          )}
        </div>
      )}
      <DialogHost />
    </main>
  );
}

const iconProps = lineIconProps(20);

function CameraIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

function SoundIcon({ on }: { on: boolean }) {
  return (
    <svg {...iconProps}>
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      {on ? (
        <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
      ) : (
        <path d="m17 9 5 6m0-6-5 6" />
      )}
    </svg>
  );
}

function FullscreenIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg {...iconProps} fill="currentColor" stroke="none">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
    </svg>
  );
}
