import type { InvitationsProps } from './InvitationList.tsx';
import { lazy, Suspense } from 'react';
import { PersonMatchText } from '../leaderboardTexts.ts';

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

/**
 * The list of invitations loads with the page's socket (matchSocket.ts asks for it as it
 * connects), before any invitation can arrive: only the socket brings one. Not with the page,
 * which keeps its first load within the event pages' 170 KB budget (bench/web-size.mjs).
 */
const InvitationList = lazy(() =>
  import('./InvitationList.tsx').then((module) => ({ default: module.InvitationList })),
);

/** Invitations to a match from people on the campus, each with Play and Decline (loaded lazily). */
export function Invitations({ list, onAnswer }: InvitationsProps) {
  if (list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <InvitationList list={list} onAnswer={onAnswer} />
    </Suspense>
  );
}
