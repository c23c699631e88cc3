import { EventsPath } from '@atrium/protocol';
import { useState } from 'react';
import { ContactForm, ResultPanel } from './ContactForm.tsx';
import { EventShell } from './EventShell.tsx';
import { submitEventForm } from './eventsApi.ts';
import { EventsPageTitle, EventsWebText } from './texts.ts';

type Team = 1 | 2;
const TEAMS: readonly Team[] = [1, 2];

function Steps({ current }: { current: 1 | 2 | 3 }) {
  const labels = [EventsWebText.stepTeam, EventsWebText.stepDetails, EventsWebText.stepDone];
  return (
    <ol className="event-steps" aria-label={EventsWebText.stepOf(current, 3)}>
      {labels.map((label, i) => (
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
      title={EventsWebText.voteTitle}
      documentTitle={EventsPageTitle.voting}
      lead={EventsWebText.voteLead}
    >
      <Steps current={step} />
      {step === 1 && (
        <section aria-labelledby="team-title">
          <h2 id="team-title" className="visually-hidden">
            {EventsWebText.stepTeam}
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
                  <span className="team-card__name">{EventsWebText.team(n)}</span>
                  <span className="team-card__blurb">{EventsWebText.teamBlurb[n]}</span>
                  <span className="team-card__action">{EventsWebText.chooseTeam}</span>
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
            {EventsWebText.stepDetails}
          </h2>
          <ContactForm
            submitLabel={EventsWebText.submitVote}
            before={
              <div className={`chosen-team chosen-team--${team}`}>
                <span>
                  {EventsWebText.yourVote}: <strong>{EventsWebText.team(team)}</strong>
                </span>
                <button type="button" className="link-button" onClick={() => setTeam(null)}>
                  {EventsWebText.changeTeam}
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
        <ResultPanel title={EventsWebText.voteDoneTitle} message={result} />
      )}
    </EventShell>
  );
}
