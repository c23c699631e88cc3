// Issue 28 §3: the class's poll. A teacher writes a question with 2–6 answers (or a ready-made
// set), starts it, watches the answers come in, closes it and may show the results to the class;
// a student answers with radio buttons and may change their answer until the poll closes. What a
// person sees is what the server sent them (engine state `poll`); refusals show as text here.
import {
  POLL_OPTION_MAX,
  POLL_QUESTION_MAX,
  ClassPollText,
  type ClassPollView,
  type PollPreset,
} from '@atrium/protocol';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useClassroom } from './classroomContext.ts';
import { Icon } from './icons.tsx';
import {
  canAddOption,
  canRemoveOption,
  checkDraft,
  emptyDraft,
  resultRows,
  withPreset,
  type PollDraft,
} from './pollModel.ts';
import { ClassroomUiText as T } from './texts.ts';
import './polls.css';

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : T.mediaFailed;

/** A refusal or check failure, said where the person is looking. */
function PollError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="classroom-poll__error" role="alert">
      {text}
    </p>
  );
}

/** What "Hide poll" hides: this poll as it stands (its results shown later come back). */
const hideKey = (poll: ClassPollView) => `${poll.id}:${poll.shown}`;

/** The teacher row's Poll button: opens the form (not while a poll is open). */
export function PollButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { state } = useClassroom();
  const running = state.poll?.open === true;
  return (
    <button
      type="button"
      className="classroom-chip"
      aria-expanded={open}
      data-control="poll"
      title={running ? ClassPollText.alreadyOpen : T.pollStartTitle}
      disabled={running}
      onClick={onToggle}
    >
      <Icon name="poll" size={16} />
      {T.poll}
    </button>
  );
}

/**
 * The teacher's side: the form while `composing`, otherwise the class's poll with its live
 * results and Close, Show results, New poll.
 */
export function TeacherPoll({
  composing,
  onComposingChange,
}: {
  composing: boolean;
  onComposingChange: (composing: boolean) => void;
}) {
  const { state } = useClassroom();
  const [hidden, setHidden] = useState<string | null>(null);
  /** A poll was just started from the form: focus goes to its results, not to the page. */
  const [started, setStarted] = useState(false);
  if (composing) {
    return (
      <PollForm
        onDone={(created) => {
          setStarted(created);
          onComposingChange(false);
        }}
      />
    );
  }
  const poll = state.poll;
  if (!poll || (hidden === hideKey(poll) && !poll.open)) return null;
  return (
    <TeacherResults
      poll={poll}
      focusOnMount={started}
      onNew={() => onComposingChange(true)}
      onHide={() => setHidden(hideKey(poll))}
    />
  );
}

/** Gives focus back to the teacher row's Poll button (the form or the results closed). */
const focusPollButton = (from: HTMLElement | null) =>
  from
    ?.closest('.classroom-teacher')
    ?.querySelector<HTMLButtonElement>('[data-control="poll"]')
    ?.focus();

function PollForm({ onDone }: { onDone: (created: boolean) => void }) {
  const { polls } = useClassroom();
  const [draft, setDraft] = useState<PollDraft>(emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const question = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => question.current?.focus(), []);
  const cancel = () => {
    focusPollButton(form.current);
    onDone(false);
  };

  const change = (next: PollDraft) => {
    setDraft(next);
    setError(null);
  };
  const setOption = (index: number, text: string) =>
    change({ ...draft, options: draft.options.map((o, i) => (i === index ? text : o)) });
  const preset = (name: PollPreset) => change(withPreset(draft, name));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setError(checked.problem);
      if (!draft.question.trim() || draft.question.trim().length > POLL_QUESTION_MAX) {
        question.current?.focus();
      }
      return;
    }
    setBusy(true);
    try {
      await polls.createPoll(checked.value);
      onDone(true);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      className="classroom-poll classroom-poll--form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancel();
      }}
    >
      <h3 id={titleId} className="classroom-poll__title">
        <Icon name="poll" size={16} />
        {T.pollNewTitle}
      </h3>
      <label className="classroom-poll__field">
        <span className="classroom-poll__label">{T.pollQuestion}</span>
        <input
          ref={question}
          className="classroom-poll__input"
          value={draft.question}
          maxLength={POLL_QUESTION_MAX}
          placeholder={T.pollQuestionPlaceholder}
          onChange={(e) => change({ ...draft, question: e.target.value })}
        />
      </label>
      <fieldset className="classroom-poll__answers">
        <legend className="classroom-poll__label">{T.pollAnswers}</legend>
        <div className="classroom-poll__quick" role="group" aria-label={T.pollQuick}>
          <button type="button" className="classroom-chip" onClick={() => preset('yesNo')}>
            {T.pollYesNo}
          </button>
          <button type="button" className="classroom-chip" onClick={() => preset('abcd')}>
            {T.pollAbcd}
          </button>
        </div>
        <ol className="classroom-poll__options">
          {draft.options.map((option, index) => (
            <li key={index} className="classroom-poll__option">
              <input
                className="classroom-poll__input"
                aria-label={T.pollAnswer(index + 1)}
                value={option}
                maxLength={POLL_OPTION_MAX}
                placeholder={T.pollAnswer(index + 1)}
                onChange={(e) => setOption(index, e.target.value)}
              />
              <button
                type="button"
                className="classroom-poll__remove"
                aria-label={T.pollRemoveAnswer(index + 1)}
                title={T.pollRemoveAnswer(index + 1)}
                disabled={!canRemoveOption(draft)}
                onClick={() =>
                  change({ ...draft, options: draft.options.filter((_, i) => i !== index) })
                }
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ol>
        {canAddOption(draft) && (
          <button
            type="button"
            className="classroom-chip classroom-poll__add"
            onClick={() => change({ ...draft, options: [...draft.options, ''] })}
          >
            <span aria-hidden="true">+</span>
            {T.pollAddAnswer}
          </button>
        )}
      </fieldset>
      <label className="classroom-poll__check">
        <input
          type="checkbox"
          checked={draft.anonymous}
          onChange={(e) => change({ ...draft, anonymous: e.target.checked })}
        />
        {T.pollAnonymous}
      </label>
      <PollError text={error} />
      <div className="classroom-poll__actions">
        <button type="button" className="classroom-chip" onClick={cancel}>
          {T.pollCancel}
        </button>
        <button
          type="submit"
          className="classroom-chip classroom-poll__primary"
          data-control="poll-start"
          disabled={busy}
        >
          {T.pollStart}
        </button>
      </div>
    </form>
  );
}

/** The poll's heading: its state, how many answered, and the question. */
function PollHead({
  poll,
  titleId,
  headingRef,
}: {
  poll: ClassPollView;
  titleId: string;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <>
      <div className="classroom-poll__head">
        <h3 ref={headingRef} id={titleId} className="classroom-poll__title" tabIndex={-1}>
          <Icon name="poll" size={16} />
          {T.pollTitle}
          <span
            className={`classroom-poll__state${poll.open ? ' classroom-poll__state--open' : ''}`}
          >
            {poll.open ? T.pollOpen : T.pollClosedBadge}
          </span>
        </h3>
        {poll.total !== undefined && (
          <span className="classroom-poll__total">{T.pollAnswered(poll.total)}</span>
        )}
      </div>
      <p className="classroom-poll__question">{poll.question}</p>
    </>
  );
}

/** One bar per answer with its count and share; names under it when the teacher may see them. */
function ResultBars({ poll }: { poll: ClassPollView }) {
  return (
    <ul className="classroom-poll__results" aria-label={T.pollResults}>
      {resultRows(poll).map((row) => {
        const names = poll.voters?.filter((v) => v.choice === row.index).map((v) => v.name);
        return (
          <li
            key={row.index}
            className={`classroom-poll__result${row.mine ? ' classroom-poll__result--mine' : ''}`}
          >
            <div className="classroom-poll__result-line">
              <span className="classroom-poll__result-option">
                {row.option}
                {row.mine && <span className="classroom-poll__mine"> ({T.pollYourAnswer})</span>}
              </span>
              <span className="classroom-poll__result-count">
                {T.pollCount(row.count, row.percent)}
              </span>
            </div>
            <div className="classroom-poll__bar" aria-hidden="true">
              <span style={{ width: `${row.percent}%` }} />
            </div>
            {names && names.length > 0 && (
              <p className="classroom-poll__names">{names.join(', ')}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function TeacherResults({
  poll,
  focusOnMount,
  onNew,
  onHide,
}: {
  poll: ClassPollView;
  focusOnMount: boolean;
  onNew: () => void;
  onHide: () => void;
}) {
  const { polls } = useClassroom();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
    // Once, when the results replace the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="classroom-poll" aria-labelledby={titleId} data-poll={poll.id}>
      <PollHead poll={poll} titleId={titleId} headingRef={heading} />
      <ResultBars poll={poll} />
      {poll.anonymous ? (
        <p className="classroom-poll__note">{T.pollAnonymousNote}</p>
      ) : (
        poll.total === 0 && <p className="classroom-poll__note">{T.pollNobodyYet}</p>
      )}
      <PollError text={error} />
      <div className="classroom-poll__actions">
        {poll.open ? (
          <button
            type="button"
            className="classroom-chip classroom-poll__primary"
            data-control="poll-close"
            disabled={busy}
            onClick={() => void act(() => polls.closePoll(poll.id))}
          >
            {T.pollClose}
          </button>
        ) : (
          <>
            {poll.shown ? (
              <p className="classroom-poll__note" role="status">
                {T.pollShown}
              </p>
            ) : (
              <button
                type="button"
                className="classroom-chip classroom-poll__primary"
                data-control="poll-show"
                disabled={busy}
                onClick={() => void act(() => polls.showPoll(poll.id))}
              >
                {T.pollShow}
              </button>
            )}
            <button type="button" className="classroom-chip" onClick={onNew}>
              {T.pollNew}
            </button>
            <button
              type="button"
              className="classroom-chip"
              onClick={() => {
                focusPollButton(heading.current);
                onHide();
              }}
            >
              {T.pollHide}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * A student's side: the open poll's answers as radio buttons (arrow keys move and answer), their
 * own answer marked and changeable until the poll closes; afterwards the poll marked closed, with
 * the results once the teacher shows them. A polite live region says when a poll opens or closes.
 */
export function StudentPoll() {
  const { state, polls } = useClassroom();
  const poll = state.poll;
  const titleId = useId();
  const [hidden, setHidden] = useState<string | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announced, setAnnounced] = useState('');
  const seen = useRef<{ id: string; open: boolean } | null>(null);
  const card = useRef<HTMLElement>(null);

  useEffect(() => {
    // A new poll is brought into view in the footer (never given focus: the student may be typing).
    if (poll && poll.id !== seen.current?.id) card.current?.scrollIntoView?.({ block: 'nearest' });
    const before = seen.current;
    if (poll && before && (before.id !== poll.id || before.open !== poll.open)) {
      setAnnounced(poll.open ? T.pollAnnounceOpen(poll.question) : T.pollAnnounceClosed);
    } else if (poll && !before && poll.open) {
      setAnnounced(T.pollAnnounceOpen(poll.question));
    }
    seen.current = poll ? { id: poll.id, open: poll.open } : null;
  }, [poll]);

  const vote = async (choice: number) => {
    if (!poll) return;
    setPending(choice);
    setError(null);
    try {
      await polls.votePoll(poll.id, choice);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setPending(null);
    }
  };

  // Results shown after the student hid the closed poll come back into view.
  const visible = poll && !(hidden === hideKey(poll) && !poll.open);
  const chosen = pending ?? poll?.mine ?? null;
  return (
    <>
      {/* A live region without the status role: the panel's status line stays the only one. */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announced}
      </p>
      {visible && (
        <section
          ref={card}
          className="classroom-poll"
          aria-labelledby={titleId}
          data-poll={poll.id}
        >
          <PollHead poll={poll} titleId={titleId} />
          {poll.open ? (
            <fieldset className="classroom-poll__choices">
              <legend className="visually-hidden">{poll.question}</legend>
              {poll.options.map((option, index) => (
                <label
                  key={index}
                  className={`classroom-poll__choice${chosen === index ? ' classroom-poll__choice--chosen' : ''}`}
                >
                  <input
                    type="radio"
                    name={`poll-${poll.id}`}
                    value={index}
                    checked={chosen === index}
                    onChange={() => void vote(index)}
                  />
                  <span className="classroom-poll__choice-text">{option}</span>
                  {poll.mine === index && (
                    <span className="classroom-poll__mine">{T.pollYourAnswer}</span>
                  )}
                </label>
              ))}
              <p className="classroom-poll__note">{T.pollChangeHint}</p>
            </fieldset>
          ) : poll.counts ? (
            <ResultBars poll={poll} />
          ) : (
            <p className="classroom-poll__note">{T.pollNotShown}</p>
          )}
          <PollError text={error} />
          {!poll.open && (
            <div className="classroom-poll__actions">
              <button
                type="button"
                className="classroom-chip"
                onClick={() => setHidden(hideKey(poll))}
              >
                {T.pollHide}
              </button>
            </div>
          )}
        </section>
      )}
    </>
  );
}
