import { DARTS_MODES, type DartsMode, type LeaderboardEntry } from '@atrium/protocol';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { LeaderboardText as T } from './leaderboardTexts.ts';
import { useLeaderboard } from './useMinigame.ts';
import './DartsLeaderboard.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; entries: LeaderboardEntry[] }
  | { state: 'failed'; message: string };

export interface DartsLeaderboardProps {
  /** Bumped by the page when a game was won (a `minigame:winner`), to load again. */
  version?: number;
  /** Puts the keyboard on the selected tab when shown (a screen of its own). */
  autoFocus?: boolean;
}

/** The top 10 per mode (issue 17), one tab per mode. */
export function DartsLeaderboard({ version = 0, autoFocus = false }: DartsLeaderboardProps) {
  const firstTab = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) firstTab.current?.focus();
  }, [autoFocus]);
  const [mode, setMode] = useState<DartsMode>('501');
  const board = useLeaderboard(mode, version);
  // A new tab, a won game and Try again each show the loading state until the answer is in.
  const load: Load = board.isFetching
    ? { state: 'loading' }
    : board.isError
      ? { state: 'failed', message: errorMessage(board.error, T.failed) }
      : board.isSuccess
        ? { state: 'ready', entries: board.data.entries }
        : { state: 'loading' };

  const handleTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const at = DARTS_MODES.indexOf(mode);
    const next = DARTS_MODES[(at + step + DARTS_MODES.length) % DARTS_MODES.length] ?? '501';
    setMode(next);
    document.getElementById(`darts-board-tab-${next}`)?.focus();
  };

  return (
    <section className="panel darts-board" aria-labelledby="darts-board-title">
      <h2 id="darts-board-title" className="panel__title">
        {T.title}
      </h2>
      <div className="darts-board__tabs" role="tablist" aria-label={T.title}>
        {DARTS_MODES.map((m) => (
          <button
            key={m}
            ref={m === DARTS_MODES[0] ? firstTab : undefined}
            id={`darts-board-tab-${m}`}
            type="button"
            role="tab"
            aria-selected={mode === m}
            aria-controls="darts-board-panel"
            tabIndex={mode === m ? 0 : -1}
            className="darts-board__tab"
            onClick={() => setMode(m)}
            onKeyDown={handleTabKey}
          >
            {T.modes[m]}
          </button>
        ))}
      </div>
      <div
        id="darts-board-panel"
        role="tabpanel"
        aria-labelledby={`darts-board-tab-${mode}`}
        aria-busy={load.state === 'loading'}
        className="darts-board__body"
      >
        {load.state === 'loading' && <p className="darts-board__note">{T.loading}</p>}
        {load.state === 'failed' && (
          <div className="darts-board__note" role="alert">
            <p>{load.message}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void board.refetch()}
            >
              {T.retry}
            </button>
          </div>
        )}
        {load.state === 'ready' && load.entries.length === 0 && (
          <p className="darts-board__note">{T.empty}</p>
        )}
        {load.state === 'ready' && load.entries.length > 0 && (
          <table className="darts-board__table">
            <thead>
              <tr>
                <th scope="col">{T.rank}</th>
                <th scope="col">{T.player}</th>
                <th scope="col">{T.wins}</th>
                <th scope="col" title={T.bestHint}>
                  {T.best}
                </th>
              </tr>
            </thead>
            <tbody>
              {load.entries.map((e, i) => (
                <tr key={e.username}>
                  <td>{i + 1}</td>
                  <td className="darts-board__name">{e.username}</td>
                  <td>{e.wins}</td>
                  <td>{e.best}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
