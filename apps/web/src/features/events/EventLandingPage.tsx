import { AppRoute, EventsPath, SKIP_COUNTDOWN_PARAM } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { countdownParts, skipsCountdown } from './countdown.ts';
import { EventShell, LoadState } from './EventShell.tsx';
import { isObject, readJson } from './json.ts';

export const LandingText = {
  documentTitle: 'Launch day · Atrium',
  title: 'Something new opens on campus',
  lead: 'Vote for your team, sign up for the record attempt, and see the best moments.',
  countdown: 'Time until the launch',
  opens: 'Opens',
  parts: ['Days', 'Hours', 'Minutes', 'Seconds'],
  revealedTitle: 'We are live!',
  revealedLead: 'The launch has begun. Pick what you would like to do.',
  loading: 'Loading the countdown…',
  failed: 'The countdown could not be loaded.',
} as const;

/** SPEC §2 Landing page: refreshed every second. */
const TICK_MS = 1000;

const pad = (n: number) => String(n).padStart(2, '0');

const cards = [
  [AppRoute.voting, '✓', 'Vote', 'Support Team 1 or Team 2 in the launch-day vote.'],
  [AppRoute.recordBreaking, '★', 'Break a record', 'Sign up for the record-breaking attempt.'],
  [AppRoute.gallery, '▦', 'Gallery', 'Browse the photos of the campus and the launch.'],
  [AppRoute.featuring, '▶', 'Featured', 'Watch the highlights in a slideshow.'],
] as const;

/** The countdown's target in milliseconds since the epoch. */
export async function fetchLaunchAt(): Promise<number> {
  const response = await fetch(EventsPath.countdown, { headers: { accept: 'application/json' } });
  const payload = await readJson(response);
  const data = isObject(payload) && isObject(payload.data) ? payload.data : undefined;
  const at = typeof data?.launch_at === 'string' ? Date.parse(data.launch_at) : Number.NaN;
  if (!response.ok || Number.isNaN(at)) throw new Error(`countdown: ${response.status}`);
  return at;
}

/** The time now, refreshed every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    // At once (the time of the first render may be a network round trip old), then each second.
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, TICK_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [active]);
  return now;
}

/**
 * `/event/index.html`, SPEC §2 and §4: a countdown to the configured date, refreshed every
 * second; at the date (or with `?skip-countdown=1`) the page is revealed.
 */
export function EventLandingPage() {
  const { search } = useLocation();
  const skip = skipsCountdown(search, SKIP_COUNTDOWN_PARAM);
  const launch = useQuery({
    queryKey: ['events', 'countdown'],
    queryFn: fetchLaunchAt,
    enabled: !skip,
    retry: 1,
  });
  const target = launch.data;
  const now = useNow(!skip && target !== undefined);
  const parts = target === undefined ? null : countdownParts(now, target);
  const revealed = skip || parts?.done === true;

  if (revealed) {
    return (
      <EventShell
        title={LandingText.revealedTitle}
        documentTitle={LandingText.documentTitle}
        lead={LandingText.revealedLead}
        back={false}
        wide
      >
        <ul className="event-cards">
          {cards.map(([to, icon, title, text]) => (
            <li key={to}>
              <Link className="event-card" to={to}>
                <span className="event-card__icon" aria-hidden="true">
                  {icon}
                </span>
                <span className="event-card__title">{title}</span>
                <span className="event-card__text">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </EventShell>
    );
  }

  return (
    <EventShell
      title={LandingText.title}
      documentTitle={LandingText.documentTitle}
      lead={LandingText.lead}
      back={false}
      wide
    >
      {parts === null || target === undefined ? (
        <LoadState
          failed={launch.isError}
          loadingText={LandingText.loading}
          failedText={LandingText.failed}
          onRetry={() => void launch.refetch()}
        />
      ) : (
        <section className="countdown panel" aria-labelledby="countdown-title">
          <h2 id="countdown-title" className="countdown__title">
            {LandingText.countdown}
          </h2>
          {/* role=timer is not announced on every tick; the parts are read when reached. */}
          <div role="timer" data-testid="countdown">
            <ol className="countdown__parts">
              {[parts.days, parts.hours, parts.minutes, parts.seconds].map((value, i) => (
                <li key={i} className="countdown__part">
                  <span className="countdown__value">{pad(value)}</span>
                  <span className="countdown__label">{LandingText.parts[i]}</span>
                </li>
              ))}
            </ol>
          </div>
          <p className="countdown__date">
            {LandingText.opens}{' '}
            <time dateTime={new Date(target).toISOString()}>
              {new Date(target).toLocaleString(undefined, {
                weekday: 'long',
                day: 'numeric',
                month: 'long',
                year: 'numeric',
                hour: 'numeric',
                minute: '2-digit',
                timeZoneName: 'short',
              })}
            </time>
          </p>
        </section>
      )}
    </EventShell>
  );
}

/** The lazy route's default export (`app/router.tsx`). */
export default EventLandingPage;
