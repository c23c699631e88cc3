import { EMOTES, type Emote } from '@atrium/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { MetaverseText } from '../popups/texts.ts';
import { MobileText } from './texts.ts';

export interface MobileWorldControlsProps {
  /** Plays an emote in the world (a phone has no number keys). */
  onEmote: (emote: Emote) => void;
  /** Saves the view to the album; null hides the button (guests have no album). */
  onPhoto: (() => void) | null;
  /** Starts (`true`) or stops turning the view to one side, as the arrow keys do. */
  onTurn: (direction: TurnDirection, turning: boolean) => void;
}

export type TurnDirection = 'left' | 'right';

/** A tap turns the view this long at least; holding keeps turning. */
const TAP_TURN_MS = 250;

function TurnIcon({ direction }: { direction: TurnDirection }) {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M14 6l-6 6 6 6' : 'M10 6l6 6-6 6'}
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Turns the view while pressed: a finger or a mouse holds it, a tap or the keyboard gives one
 * short turn. Looking around otherwise needs a one-finger drag on the world.
 */
function TurnButton({
  direction,
  onTurn,
}: {
  direction: TurnDirection;
  onTurn: MobileWorldControlsProps['onTurn'];
}) {
  const pressedAt = useRef<number | null>(null);
  const release = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(release.current), []);

  const start = () => {
    window.clearTimeout(release.current);
    pressedAt.current = Date.now();
    onTurn(direction, true);
  };
  const stop = () => {
    if (pressedAt.current === null) return;
    const held = Date.now() - pressedAt.current;
    pressedAt.current = null;
    release.current = window.setTimeout(
      () => onTurn(direction, false),
      Math.max(0, TAP_TURN_MS - held),
    );
  };
  return (
    <button
      type="button"
      className="mobile-controls__button"
      aria-label={direction === 'left' ? MobileText.turnLeft : MobileText.turnRight}
      onPointerDown={(event) => {
        // The world keeps focus (its keys keep working): taking it would release the turn.
        event.preventDefault();
        start();
      }}
      onPointerUp={stop}
      onPointerCancel={stop}
      onPointerLeave={stop}
      onContextMenu={(event) => event.preventDefault()}
      onClick={(event) => {
        // Enter or Space (no pointer): one short turn.
        if (event.detail !== 0) return;
        start();
        stop();
      }}
    >
      <TurnIcon direction={direction} />
    </button>
  );
}

function SmileIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="2" />
      <path
        d="M8 14.5a4.5 4.5 0 0 0 8 0"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="9" cy="9.5" r="1.25" fill="currentColor" />
      <circle cx="15" cy="9.5" r="1.25" fill="currentColor" />
    </svg>
  );
}

function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" fill="none" aria-hidden="true">
      <path
        d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="13" r="3.5" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The thumb buttons over the world on the mobile page: emotes (a tray of the ten) and the camera.
 * The joystick sits in the opposite corner, drawn by the world itself.
 */
export function MobileWorldControls({ onEmote, onPhoto, onTurn }: MobileWorldControlsProps) {
  const [trayOpen, setTrayOpen] = useState(false);
  const trayId = useId();

  return (
    <div className="mobile-controls" role="group" aria-label={MobileText.controls}>
      {trayOpen && (
        <ul id={trayId} className="mobile-controls__tray" aria-label={MobileText.emoteList}>
          {EMOTES.map((emote) => (
            <li key={emote}>
              <button
                type="button"
                className="mobile-controls__emote"
                onClick={() => {
                  onEmote(emote);
                  setTrayOpen(false);
                }}
              >
                <span className="mobile-controls__emote-icon" aria-hidden="true">
                  {MetaverseText.emotes[emote].icon}
                </span>
                {MetaverseText.emotes[emote].label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mobile-controls__buttons">
        <TurnButton direction="left" onTurn={onTurn} />
        <TurnButton direction="right" onTurn={onTurn} />
      </div>
      <div className="mobile-controls__buttons">
        <button
          type="button"
          className="mobile-controls__button"
          aria-label={MobileText.emotes}
          aria-expanded={trayOpen}
          aria-controls={trayOpen ? trayId : undefined}
          onClick={() => setTrayOpen((open) => !open)}
        >
          <SmileIcon />
        </button>
        {onPhoto && (
          <button
            type="button"
            className="mobile-controls__button"
            aria-label={MobileText.takePhoto}
            onClick={onPhoto}
          >
            <CameraIcon />
          </button>
        )}
      </div>
    </div>
  );
}
