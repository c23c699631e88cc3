import type { DartsInvited } from '@atrium/protocol';
import { PersonMatchText } from '../leaderboardTexts.ts';
import { DartsText } from '../texts.ts';

/** The username to invite, or the invitation waiting for its answer. */
export function PersonInvite({
  name,
  onName,
  waitingFor,
  ready,
  onInvite,
  onCancel,
}: {
  name: string;
  onName: (name: string) => void;
  waitingFor: string | null;
  ready: boolean;
  onInvite: () => void;
  onCancel: () => void;
}) {
  if (waitingFor) {
    return (
      <div className="darts-invite" role="status">
        <p className="darts-card__text">{PersonMatchText.inviting(waitingFor)}</p>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {PersonMatchText.cancel}
        </button>
      </div>
    );
  }
  return (
    <form
      className="darts-invite"
      onSubmit={(event) => {
        event.preventDefault();
        onInvite();
      }}
    >
      <label className="darts-invite__label" htmlFor="darts-invite-name">
        {PersonMatchText.username}
      </label>
      <div className="darts-invite__row">
        <input
          id="darts-invite-name"
          className="input"
          value={name}
          autoComplete="off"
          aria-describedby="darts-invite-hint"
          onChange={(event) => onName(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={!ready}>
          {PersonMatchText.invite}
        </button>
      </div>
      <small id="darts-invite-hint" className="darts-invite__hint">
        {ready ? PersonMatchText.usernameHint : PersonMatchText.offline}
      </small>
    </form>
  );
}

/** Invitations to a match from people on the campus, each with Play and Decline. */
export function Invitations({
  list,
  onAnswer,
}: {
  list: DartsInvited[];
  onAnswer: (invitation: DartsInvited, accept: boolean) => void;
}) {
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
