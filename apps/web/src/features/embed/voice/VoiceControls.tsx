import { VoiceText } from '@atrium/protocol';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { VoiceWebText } from './texts.ts';
import type { VoiceSession } from './voiceSession.ts';
import { micUnavailable, NOTICE_MS, voiceStatus } from './voiceStatus.ts';
import { VoicesNear } from './VoicesNear.tsx';
import './voice.css';
import { lineIconProps } from '../lineIcon.ts';

const iconProps = lineIconProps(22);

function MicIcon({ on }: { on: boolean }) {
  return (
    <svg {...iconProps}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
      {!on && <path d="m4 4 16 16" />}
    </svg>
  );
}

function MegaphoneIcon() {
  return (
    <svg {...iconProps}>
      <path d="M3 10v4h3l8 4V6l-8 4z" />
      <path d="M7 14.5 8.5 20H11l-1.2-4.4M17.5 9a4 4 0 0 1 0 6" />
    </svg>
  );
}

function PeopleIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a5.5 5.5 0 0 1 3.5 6" />
    </svg>
  );
}

/**
 * The voice over the world: the microphone switch, the megaphone for teachers and admins, the
 * button that lets the browser play sound, and the status line.
 */
export function VoiceControls({ session }: { session: VoiceSession }) {
  const { voice, area, audioRunning, mutedHere } = useSyncExternalStore(
    session.store.subscribe,
    session.store.get,
  );
  const { notice } = voice;
  // A notice shows for its time (failures until the next try); this is the last one that ended.
  const [ended, setEnded] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  const closeList = useCallback(() => setListOpen(false), []);
  useEffect(() => {
    const ms = notice ? NOTICE_MS[notice.kind] : null;
    if (!notice || ms === null) return;
    const timer = window.setTimeout(() => setEnded(notice.seq), ms);
    return () => window.clearTimeout(timer);
  }, [notice]);

  if (voice.mode === null) return null;
  const showing = notice && notice.seq !== ended ? notice.kind : null;
  const status = voiceStatus(voice, area, showing);
  const blocked = micUnavailable(voice);
  const micLabel = voice.micOn ? VoiceText.turnMicOff : VoiceText.turnMicOn;

  return (
    <div className="voice-controls" role="group" aria-label={VoiceWebText.controls}>
      <div className="voice-controls__row">
        <button
          type="button"
          className="voice-controls__button"
          aria-label={micLabel}
          aria-pressed={voice.micOn}
          aria-disabled={blocked ? true : undefined}
          aria-busy={voice.busy || undefined}
          title={blocked ?? micLabel}
          onClick={() => (blocked ? session.explain() : session.setMic(!voice.micOn))}
        >
          <MicIcon on={voice.micOn} />
        </button>
        {voice.moderator && voice.mode === 'sfu' && (
          <button
            type="button"
            className="voice-controls__button"
            aria-label={VoiceText.megaphoneOff}
            aria-pressed={voice.megaphone}
            title={voice.megaphone ? VoiceText.megaphoneOn : VoiceText.megaphoneOff}
            onClick={() => session.setMegaphone(!voice.megaphone)}
          >
            <MegaphoneIcon />
          </button>
        )}
        {voice.moderator && voice.mode !== 'off' && (
          <button
            type="button"
            className="voice-controls__button"
            aria-label={VoiceWebText.voicesNear}
            aria-expanded={listOpen}
            aria-controls="voices-near"
            title={VoiceWebText.voicesNear}
            onClick={() => setListOpen((open) => !open)}
          >
            <PeopleIcon />
          </button>
        )}
        {!audioRunning && voice.mode !== 'off' && (
          <button type="button" className="voice-controls__hear" onClick={session.resumeAudio}>
            {VoiceWebText.hearPeople}
          </button>
        )}
      </div>
      {listOpen && voice.moderator && voice.mode !== 'off' && (
        <VoicesNear
          session={session}
          streams={voice.streams}
          mutedHere={mutedHere}
          onClose={closeList}
        />
      )}
      <p className="voice-controls__status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
