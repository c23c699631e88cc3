import type { ReactNode } from 'react';
import { PersonMatchText } from '../leaderboardTexts.ts';
import type { PersonMatch } from '../usePersonMatch.ts';
import { ButtonRow } from './ButtonRow.tsx';
import { Invitations } from './Invitations.tsx';

/** The leaderboard as a screen of its own (the board itself is `children`), and Back. */
export function LeaderboardScreen({
  match,
  onBack,
  children,
}: {
  match: PersonMatch;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <div className="darts-card darts-leaderboard">
      <Invitations
        list={match.invitations}
        onAnswer={(i, accept) => void match.answer(i, accept)}
      />
      {children}
      <ButtonRow buttons={[{ label: PersonMatchText.back, onClick: onBack }]} />
    </div>
  );
}
