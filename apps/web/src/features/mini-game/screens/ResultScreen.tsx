import type { DartsGame } from '@atrium/protocol';
import type { Ref } from 'react';
import { PersonMatchText } from '../leaderboardTexts.ts';
import type { PersonMatch } from '../usePersonMatch.ts';
import { DartsText } from '../texts.ts';
import { ButtonRow } from './ButtonRow.tsx';
import { DartIcon } from './DartsCard.tsx';
import { Invitations } from './Invitations.tsx';

export interface ResultScreenProps {
  match: PersonMatch;
  game: DartsGame;
  /** The server's verdict on the result, or a refusal. */
  serverNote: string | null;
  playAgainRef: Ref<HTMLButtonElement>;
  onPlayAgain: () => void;
  onLeaderboard: () => void;
  onChangeGame: () => void;
}

/** The end of a game: who won in how many darts, each player's standing, and what next. */
export function ResultScreen({
  match,
  game,
  serverNote,
  playAgainRef,
  onPlayAgain,
  onLeaderboard,
  onChangeGame,
}: ResultScreenProps) {
  return (
    <section className="darts-card darts-result" aria-labelledby="darts-result-title">
      <Invitations
        list={match.invitations}
        onAnswer={(i, accept) => void match.answer(i, accept)}
      />
      <DartIcon />
      <h2 id="darts-result-title" className="darts-card__title">
        {DartsText.resultTitle(game.winner === 0)}
      </h2>
      <p className="darts-card__lead">
        {DartsText.resultBody(
          game.players[game.winner ?? 0]!.name,
          game.throws.filter((t) => t.player === game.winner).length,
        )}
      </p>
      {serverNote && <p className="darts-card__text">{serverNote}</p>}
      <dl className="darts-result__scores">
        {game.players.map((p, i) => (
          <div key={i} className={i === game.winner ? 'is-winner' : undefined}>
            <dt>{p.name}</dt>
            <dd>
              {game.mode === '501'
                ? `${DartsText.remaining} ${p.remaining}`
                : p.target > 25
                  ? DartsText.finished
                  : `${DartsText.target} ${p.target === 25 ? DartsText.bull : p.target}`}
            </dd>
          </div>
        ))}
      </dl>
      <ButtonRow
        buttons={[
          {
            label: DartsText.playAgain,
            primary: true,
            buttonRef: playAgainRef,
            onClick: onPlayAgain,
          },
          { label: PersonMatchText.leaderboard, onClick: onLeaderboard },
          { label: DartsText.changeGame, onClick: onChangeGame },
        ]}
      />
    </section>
  );
}
