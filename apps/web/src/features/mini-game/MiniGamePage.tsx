import { AppRoute } from '@atrium/protocol';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSessionStore } from '../../shared/session/SessionContext.tsx';
import { PageTitle } from '../../shared/texts.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import '../../shared/ui/InfoPanel.css';
import { DartsLeaderboard } from './DartsLeaderboard.tsx';
import { createMinigameHttp } from './minigameApi.ts';

/** `/mini-game/index.html`: the event mini-games (SPEC §1: a dart game collection). */
export function MiniGamePage() {
  usePageTitle(PageTitle.miniGame);
  const session = useSessionStore();
  const http = useMemo(
    () => createMinigameHttp(() => session.getSnapshot().token ?? null),
    [session],
  );
  return (
    <div className="container container--narrow">
      <PageHeader eyebrow="Events" title="Mini-game">
        <p>Quick games for events: aim, throw and climb the leaderboard.</p>
      </PageHeader>
      <section className="panel info-panel" aria-labelledby="mini-game-title">
        <div className="info-panel__badge" aria-hidden="true">
          <svg viewBox="0 0 48 48" width={48} height={48}>
            <circle cx="24" cy="24" r="22" fill="#4338ca" />
            <circle cx="24" cy="24" r="16" fill="#eef0ff" />
            <circle cx="24" cy="24" r="10" fill="#0f766e" />
            <circle cx="24" cy="24" r="4" fill="#eef0ff" />
          </svg>
        </div>
        <h2 id="mini-game-title" className="panel__title">
          Darts
        </h2>
        <p className="panel__text">
          The mini-games are played from inside the metaverse. Enter the campus and open the game
          collection to start a round.
        </p>
        <div className="button-row">
          <Link className="button button--primary" to={AppRoute.metaverse}>
            Enter the metaverse
          </Link>
        </div>
      </section>
      <DartsLeaderboard http={http} />
    </div>
  );
}
