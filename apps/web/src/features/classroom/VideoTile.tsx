import {
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
  type KeyboardEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { isClassroomRoom } from '@atrium/protocol';
import { confirm } from '../../shared/dialogs/dialogStore.ts';
import { TileActionsContext, useClassroom } from './classroomContext.ts';
import type { ClassroomTile } from './engine/types.ts';
import { initials } from './format.ts';
import { Icon } from './icons.tsx';
import { tileLabel } from './panelModel.ts';
import { ClassroomUiText as T } from './texts.ts';

/** Shows `stream` in a muted, silent <video> (a screen share: its sound is none). */
function SilentVideo({ stream, className }: { stream: MediaStream; className: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    void video.play().catch(() => undefined);
  }, [stream]);
  return <video ref={ref} className={className} autoPlay playsInline muted aria-hidden="true" />;
}

/**
 * One person: their camera (or their avatar with a camera-off mark), their screen share when they
 * share, their name, what they really send, and a small menu.
 */
export function VideoTile({ tile, hand }: { tile: ClassroomTile; hand?: boolean }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const tileRef = useRef<HTMLLIElement>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const { state, showTile } = useClassroom();
  const showScreen = tile.sharingScreen && tile.screen !== null;
  // Issue 28 §6: a camera the server does not forward to this page (last-N) is paused, not off.
  const paused =
    !tile.self &&
    !tile.videoMuted &&
    state.forwarded !== null &&
    !state.forwarded.includes(tile.id);
  useTilePlace(tileRef, tile.self ? null : tile.id, showTile);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.srcObject !== tile.stream) video.srcObject = tile.stream;
    if (!tile.stream) return;
    // A join started from the world (E in its frame) gives this page no user gesture, so the
    // browser may refuse to play sound: play muted then, and offer a button to hear the class.
    video.play().catch((error: unknown) => {
      if (tile.self || !(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      video.muted = true;
      setSoundBlocked(true);
      void video.play().catch(() => undefined);
    });
  }, [tile.stream, tile.self]);

  const handleUnblock = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = false;
    void video.play().then(
      () => setSoundBlocked(false),
      () => undefined,
    );
  };

  const label = showScreen
    ? T.screenOf(tile.self ? T.you(tile.name) : tile.name)
    : paused && !tile.hasVideo
      ? T.videoPausedOf(tile.name)
      : tileLabel(tile);
  const classes = [
    'classroom-tile',
    tile.speaking && 'classroom-tile--speaking',
    tile.sharingScreen && 'classroom-tile--sharing',
    tile.self && 'classroom-tile--self',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li
      ref={tileRef}
      className={classes}
      aria-label={label}
      data-camera={tile.hasVideo ? 'on' : paused ? 'paused' : 'off'}
      data-mic={tile.audioMuted ? 'off' : 'on'}
      data-hand={hand ? 'up' : undefined}
    >
      {/* The element stays mounted when the camera goes off, so the audio keeps playing. With a
          share the camera shrinks to a corner of it. */}
      <video
        ref={videoRef}
        className={`classroom-tile__video${showScreen ? ' classroom-tile__video--corner' : ''}`}
        autoPlay
        playsInline
        muted={tile.self}
        hidden={!tile.hasVideo}
        aria-hidden="true"
      />
      {showScreen && tile.screen && (
        <SilentVideo stream={tile.screen} className="classroom-tile__screen" />
      )}
      {!tile.hasVideo && !showScreen && (
        <div className="classroom-tile__avatar" aria-hidden="true">
          <span>{initials(tile.name)}</span>
          <span className="classroom-tile__camera-off" title={paused ? T.videoPaused : undefined}>
            <Icon name={paused ? 'pause' : 'cameraOff'} size={14} />
          </span>
        </div>
      )}
      {soundBlocked && (
        <button type="button" className="classroom-tile__sound" onClick={handleUnblock}>
          <Icon name="allow" size={16} />
          {T.turnOnSound}
        </button>
      )}
      <div className="classroom-tile__bar">
        <span className="classroom-tile__name">
          {tile.audioMuted && (
            <span className="classroom-tile__mic-off" title={T.micMuted}>
              <Icon name="micOff" size={14} />
              <span className="visually-hidden">{T.micMuted}</span>
            </span>
          )}
          {tile.videoMuted && (
            <span className="classroom-tile__mic-off" title={T.cameraMuted}>
              <Icon name="cameraOff" size={14} />
              <span className="visually-hidden">{T.cameraMuted}</span>
            </span>
          )}
          <span className="classroom-tile__text">{tile.self ? T.you(tile.name) : tile.name}</span>
          {tile.role !== 'member' && <span className="classroom-tile__badge">{T.teacher}</span>}
        </span>
        {hand && (
          <span className="classroom-tile__hand" title={T.handRaised}>
            <Icon name="hand" size={14} />
            <span className="visually-hidden">{T.handRaised}</span>
          </span>
        )}
        {tile.speaking && <span className="visually-hidden">{T.speaking}</span>}
        {tile.sharingScreen && (
          <span className="classroom-tile__sharing">
            <Icon name="screen" size={14} />
            <span className="visually-hidden">{T.sharing}</span>
          </span>
        )}
        {!tile.self && <TileMenu tile={tile} />}
      </div>
    </li>
  );
}

/**
 * Tells the classroom where tile `id` is (on screen or not, and its width) while it is mounted:
 * the server forwards the cameras on screen (issue 28 §6, last-N).
 */
function useTilePlace(
  ref: RefObject<HTMLElement | null>,
  id: number | null,
  showTile: (id: number, place: { visible: boolean; width: number } | null) => void,
) {
  useEffect(() => {
    const element = ref.current;
    if (!element || id === null || typeof IntersectionObserver === 'undefined') return;
    let visible = false;
    const report = () => showTile(id, { visible, width: Math.round(element.clientWidth) });
    const seen = new IntersectionObserver((entries) => {
      visible = entries.at(-1)?.isIntersecting ?? visible;
      report();
    });
    const sized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(report);
    seen.observe(element);
    sized?.observe(element);
    return () => {
      seen.disconnect();
      sized?.disconnect();
      showTile(id, null);
    };
    // `showTile` is stable (the provider's useCallback): observers start once per tile.
  }, [ref, id, showTile]);
}

/** Room the menu needs above its button, in px; nearer the top it opens below. */
const MENU_ROOM = 180;

/**
 * SPEC §2's per-participant menu: Call and Add Friend, when the social layer is there; for a
 * teacher, Stop share on someone who shares.
 */
/** The red items: they stop or remove someone. */
const STOP_CLASS = 'classroom-menu__stop-share';

function TileMenu({ tile }: { tile: ClassroomTile }) {
  const { name } = tile;
  const actions = useContext(TileActionsContext);
  const { state, stopShareOf, lobby } = useClassroom();
  const canStopShare = state.host && tile.sharingScreen;
  // Issue 28: a teacher takes a student out of a class (not a call, never a teacher).
  const canRemove =
    state.host && tile.role === 'member' && state.room !== null && isClassroomRoom(state.room);
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const handleDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', handleDown);
    return () => document.removeEventListener('pointerdown', handleDown);
  }, [open]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  /** A menu item that closes the menu, then does its thing. */
  const pick = (label: string, act: () => void, className?: string) => (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={className}
      onClick={() => {
        setOpen(false);
        act();
      }}
    >
      {label}
    </button>
  );

  return (
    <div className="classroom-tile__menu">
      <button
        ref={buttonRef}
        type="button"
        className="classroom-tile__more"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={T.tileMenu(name)}
        onClick={() => {
          // The menu floats over the page, beside its button: a small tile (or one under the
          // panel's header) would clip it or hide it. Above the button, or below near the top.
          const r = buttonRef.current?.getBoundingClientRect();
          if (r) {
            const right = window.innerWidth - r.right;
            setPlace(
              r.top < MENU_ROOM
                ? { right, top: r.bottom + 4, bottom: 'auto' }
                : { right, bottom: window.innerHeight - r.top + 4, top: 'auto' },
            );
          }
          setOpen((o) => !o);
        }}
      >
        <Icon name="more" size={18} />
      </button>
      {open &&
        createPortal(
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={T.tileMenu(name)}
            className="classroom-menu classroom-menu--floating"
            style={place}
            onKeyDown={handleKeyDown}
          >
            {canStopShare && pick(T.stopShareOf(name), () => stopShareOf(tile.id), STOP_CLASS)}
            {canRemove &&
              pick(
                T.removeFromClass,
                () =>
                  void confirm({
                    title: T.removeFromClass,
                    message: T.removeConfirm(name),
                    confirmLabel: T.removeFromClass,
                  }).then((yes) => yes && lobby.removeParticipant(tile.id)),
                STOP_CLASS,
              )}
            {actions ? (
              <>
                {pick(T.call, () => actions.call(name))}
                {pick(T.addFriend, () => actions.addFriend(name))}
                {actions.report && pick(T.report, () => actions.report?.(name, state.room))}
              </>
            ) : (
              <>
                {/* Focusable though disabled, so the reason can be read (aria-disabled, not disabled). */}
                <button
                  type="button"
                  role="menuitem"
                  aria-disabled="true"
                  title={T.socialSoon}
                  tabIndex={-1}
                >
                  {T.call}
                </button>
                <button
                  type="button"
                  role="menuitem"
                  aria-disabled="true"
                  title={T.socialSoon}
                  tabIndex={-1}
                >
                  {T.addFriend}
                </button>
                <p className="classroom-menu__note">{T.socialSoon}</p>
              </>
            )}
          </div>,
          document.body,
        )}
    </div>
  );
}
