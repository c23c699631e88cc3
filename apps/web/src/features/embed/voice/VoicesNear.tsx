import { useEffect, useState } from 'react';
import { VoiceWebText } from './texts.ts';
import type { VoiceSession } from './voiceSession.ts';

/**
 * Teachers and admins: the voices they hear now and those they muted here, each with a switch
 * (issue 30 §2, moderation). A mute is enforced by the server at the media server; a muted voice
 * leaves the connection, so it stays in this list to be let speak again.
 */
export function VoicesNear({
  session,
  streams,
  mutedHere,
  onClose,
}: {
  session: VoiceSession;
  streams: readonly string[];
  mutedHere: readonly string[];
  onClose: () => void;
}) {
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const ids = [...new Set([...streams, ...mutedHere])].filter((id) => session.nameOf(id));

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);

  const toggle = (id: string, muted: boolean) => {
    setBusy(id);
    setFailed(false);
    session
      .mute(id, muted)
      .catch(() => setFailed(true))
      .finally(() => setBusy(null));
  };

  return (
    <section id="voices-near" className="voices-near" aria-label={VoiceWebText.voicesNear}>
      <h2 className="voices-near__title">{VoiceWebText.voicesNear}</h2>
      {ids.length === 0 ? (
        <p className="voices-near__empty">{VoiceWebText.nobodyNear}</p>
      ) : (
        <ul className="voices-near__list">
          {ids.map((id) => {
            const name = session.nameOf(id) ?? '';
            const muted = mutedHere.includes(id);
            return (
              <li key={id} className="voices-near__person">
                <span className="voices-near__name">{name}</span>
                <button
                  type="button"
                  className="voices-near__mute"
                  aria-pressed={muted}
                  aria-label={muted ? VoiceWebText.letSpeakName(name) : VoiceWebText.muteName(name)}
                  aria-busy={busy === id || undefined}
                  disabled={busy === id}
                  onClick={() => toggle(id, !muted)}
                >
                  {muted ? VoiceWebText.letSpeak : VoiceWebText.mute}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {failed && (
        <p className="voices-near__error" role="alert">
          {VoiceWebText.muteFailed}
        </p>
      )}
    </section>
  );
}
