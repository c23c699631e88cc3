import { EMOTES, type Emote } from '@atrium/protocol';
import { useId, useState } from 'react';
import { MetaverseText } from '../popups/texts.ts';
import { MobileText } from './texts.ts';

export interface MobileWorldControlsProps {
  /** Plays an emote in the world (a phone has no number keys). */
  onEmote: (emote: Emote) => void;
  /** Saves the view to the album; null hides the button (guests have no album). */
  onPhoto: (() => void) | null;
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
export function MobileWorldControls({ onEmote, onPhoto }: MobileWorldControlsProps) {
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
