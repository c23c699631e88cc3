import { AppRoute, SKIP_COUNTDOWN_PARAM } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { countdownParts, skipsCountdown } from './countdown.ts';
import { EventShell, LoadState } from './EventShell.tsx';
import { fetchLaunchAt } from './eventsApi.ts';
import { EventsPageTitle, EventsWebText } from './texts.ts';

/** SPEC §2 Landing page: refreshed every second. */
const TICK_MS = 1000;

const pad = (n: number) => String(n).padStart(2, '0');

const cards = [
  { to: AppRoute.voting, ...EventsWebText.cards.voting, icon: '✓' },
  { to: AppRoute.recordBreaking, ...EventsWebText.cards.record, icon: '★' },
  { to: AppRoute.gallery, ...EventsWebText.cards.gallery, icon: '▦' },
  { to: AppRoute.featuring, ...EventsWebText.cards.featuring, icon: '▶' },
] as const;

/** The time now, refreshed every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
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
        title={EventsWebText.revealedTitle}
        documentTitle={EventsPageTitle.landing}
        lead={EventsWebText.revealedLead}
        back={false}
        wide
      >
        <ul className="event-cards">
          {cards.map((card) => (
            <li key={card.to}>
              <Link className="event-card" to={card.to}>
                <span className="event-card__icon" aria-hidden="true">
                  {card.icon}
                </span>
                <span className="event-card__title">{card.title}</span>
                <span className="event-card__text">{card.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </EventShell>
    );
  }

  return (
    <EventShell
      title={EventsWebText.landingTitle}
      documentTitle={EventsPageTitle.landing}
      lead={EventsWebText.landingLead}
      back={false}
      wide
    >
      {parts === null || target === undefined ? (
        <LoadState
          failed={launch.isError}
          loadingText={EventsWebText.loadingCountdown}
          failedText={EventsWebText.countdownFailed}
          onRetry={() => void launch.refetch()}
        />
      ) : (
        <section className="countdown panel" aria-labelledby="countdown-title">
          <h2 id="countdown-title" className="countdown__title">
            {EventsWebText.countdownLabel}
          </h2>
          {/* role=timer is not announced on every tick; the parts are read when reached. */}
          <ol className="countdown__parts" role="timer" data-testid="countdown">
            {(
              [
                [parts.days, EventsWebText.days],
                [parts.hours, EventsWebText.hours],
                [parts.minutes, EventsWebText.minutes],
                [parts.seconds, EventsWebText.seconds],
              ] as const
            ).map(([value, label]) => (
              <li key={label} className="countdown__part">
                <span className="countdown__value">{pad(value)}</span>
                <span className="countdown__label">{label}</span>
              </li>
            ))}
          </ol>
          <p className="countdown__date">
            {EventsWebText.opensOn}{' '}
            <time dateTime={new Date(target).toISOString()}>
              {new Date(target).toLocaleString(undefined, {
                dateStyle: 'full',
                timeStyle: 'short',
              })}
            </time>
          </p>
        </section>
      )}
    </EventShell>
  );
}
