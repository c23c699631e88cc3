// Issue 28 §4: what the groups' parts share: where focus goes, the countdown, the closing
// warning and the polite live region.
import { ClassGroupText } from '@atrium/protocol';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { TIMER_TICK_MS } from './format.ts';
import { formatCountdown, secondsLeft } from './groupsModel.ts';
import { Icon } from './icons.tsx';
import { ClassroomUiText as T } from './texts.ts';
import './groups.css';

/** The chip in the teacher row; the overview's heading; the Close button. */
export const CHIP = '[data-control="groups"]';
export const OVERVIEW_HEADING = '.classroom-groups--overview .classroom-groups__title';

/** Focus to `selector` in the same panel as `from` (the window and the frame are two panels). */
export function focusInPanel(from: Element | null, selector: string) {
  from?.closest('.classroom-panel')?.querySelector<HTMLElement>(selector)?.focus();
}

/** The focused button went away with what it did (Close, Visit, Answer…): focus is on the page. */
export const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** Date.now(), again every second: mount it only while a countdown shows. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** "12:34 left" to the groups' end (the client's clock), or "Time is up". */
export function GroupClock({ endsAt }: { endsAt: number }) {
  const now = useNow();
  const over = secondsLeft(endsAt, now) === 0;
  return (
    <span
      className={`classroom-groups__clock${over ? ' classroom-groups__clock--over' : ''}`}
      title={T.groupsTimeLeft}
      data-testid="groups-clock"
    >
      <span className="visually-hidden">{T.groupsTimeLeft}: </span>
      {over ? (
        T.groupsTimeUp
      ) : (
        <>
          <time>{formatCountdown(endsAt, now)}</time> {T.groupsLeft}
        </>
      )}
    </span>
  );
}

/** "Groups close in 27 seconds." while the warning runs: read once by the live region, not here. */
export function ClosingWarning({ closingAt }: { closingAt: number }) {
  const now = useNow();
  return (
    <p className="classroom-groups__closing" data-testid="groups-closing" tabIndex={-1}>
      <Icon name="leave" size={16} />
      {ClassGroupText.closingSoon(secondsLeft(closingAt, now))}
    </p>
  );
}

/** Says `text` politely (a new call, the warning, a message); not a status role, see the poll. */
export function LiveRegion({
  text,
  liveRef,
}: {
  text: string;
  liveRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <p
      ref={liveRef as RefObject<HTMLParagraphElement | null> | undefined}
      className="visually-hidden"
      aria-live="polite"
      aria-atomic="true"
    >
      {text}
    </p>
  );
}

/** The closing warning's words once, when it starts (a ticking live region would talk all along). */
export function useClosingAnnouncement(closingAt: number | null, say: (text: string) => void) {
  const seen = useRef(closingAt);
  useEffect(() => {
    if (closingAt !== null && seen.current === null) {
      say(ClassGroupText.closingSoon(secondsLeft(closingAt, Date.now())));
    }
    seen.current = closingAt;
  }, [closingAt, say]);
}

// ————————————————————————————————— The teacher —————————————————————————————————
