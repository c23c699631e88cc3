import type { DartsInvited } from '@atrium/protocol';
import { PersonMatchText } from '../leaderboardTexts.ts';
import { DartsText } from '../texts.ts';

export interface InvitationsProps {
  list: DartsInvited[];
  onAnswer: (invitation: DartsInvited, accept: boolean) => void;
}

/** Invitations to a match from people on the campus, each with Play and Decline. */
export function InvitationList({ list, onAnswer }: InvitationsProps) {
  if (list.length === 0) return null;
  return (
    <ul className="darts-invitations" aria-live="polite">
      {list.map((i) => (
        <li key={i.matchId} className="darts-invitation">
          <span>{PersonMatchText.invited(i.from, DartsText.modeName[i.mode])}</span>
          <span className="button-row">
            <button
              type="button"
              className="button button--primary"
              onClick={() => onAnswer(i, true)}
            >
              {PersonMatchText.accept}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onAnswer(i, false)}
            >
              {PersonMatchText.decline}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
