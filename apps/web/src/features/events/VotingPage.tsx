import { EventsPath } from '@atrium/protocol';
import { useState } from 'react';
import { ContactForm, ResultPanel } from './ContactForm.tsx';
import { EventShell } from './EventShell.tsx';
import { submitEventForm } from './formApi.ts';

export const VotingText = {
  documentTitle: 'Vote · Atrium',
  title: 'Vote for your team',
  lead: 'Choose the team you support, then leave your details. One vote per email address.',
  steps: ['Choose a team', 'Your details', 'Done'],
  stepOf: (n: number) => `Step ${n} of 3`,
  team: (n: 1 | 2) => `Team ${n}`,
  blurb: { 1: 'The Blue team', 2: 'The Gold team' },
  choose: 'Vote for this team',
  yourVote: 'Your vote',
  changeTeam: 'Change team',
  submit: 'Submit my vote',
  doneTitle: 'Vote received',
} as const;

type Team = 1 | 2;
const TEAMS: readonly Team[] = [1, 2];

function Steps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="event-steps" aria-label={VotingText.stepOf(current)}>
      {VotingText.steps.map((label, i) => (
        <li
          key={label}
          className={`event-steps__step${i + 1 === current ? ' event-steps__step--current' : ''}${i + 1 < current ? ' event-steps__step--done' : ''}`}
          aria-current={i + 1 === current ? 'step' : undefined}
        >
          <span className="event-steps__n" aria-hidden="true">
            {i + 1 < current ? '✓' : i + 1}
          </span>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** `/event/voting.html`, SPEC §2: pick one of two teams, then the contact form, then the result. */
export function VotingPage() {
  const [team, setTeam] = useState<Team | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const step = result !== null ? 3 : team === null ? 1 : 2;

  return (
    <EventShell
      title={VotingText.title}
      documentTitle={VotingText.documentTitle}
      lead={VotingText.lead}
    >
      <Steps current={step} />
      {step === 1 && (
        <section aria-labelledby="team-title">
          <h2 id="team-title" className="visually-hidden">
            {VotingText.steps[0]}
          </h2>
          <ul className="team-choice">
            {TEAMS.map((n) => (
              <li key={n}>
                <button
                  type="button"
                  className={`team-card team-card--${n}`}
                  onClick={() => setTeam(n)}
                >
                  <span className="team-card__crest" aria-hidden="true">
                    {n}
                  </span>
                  <span className="team-card__name">{VotingText.team(n)}</span>
                  <span className="team-card__blurb">{VotingText.blurb[n]}</span>
                  <span className="team-card__action">{VotingText.choose}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {step === 2 && team !== null && (
        <section className="panel" aria-labelledby="details-title">
          <h2
            id="details-title"
            className="panel__title event-form__title"
            tabIndex={-1}
            ref={(el) => el?.focus()}
          >
            {VotingText.steps[1]}
          </h2>
          <ContactForm
            submitLabel={VotingText.submit}
            before={
              <div className={`chosen-team chosen-team--${team}`}>
                <span>
                  {VotingText.yourVote}: <strong>{VotingText.team(team)}</strong>
                </span>
                <button type="button" className="link-button" onClick={() => setTeam(null)}>
                  {VotingText.changeTeam}
                </button>
              </div>
            }
            onSubmit={(values) =>
              submitEventForm(EventsPath.votingSubmit, { vote_team: team, ...values })
            }
            onDone={setResult}
          />
        </section>
      )}
      {step === 3 && result !== null && (
        <ResultPanel title={VotingText.doneTitle} message={result} />
      )}
    </EventShell>
  );
}

/** The lazy route's default export (`app/router.tsx`). */
export default VotingPage;
