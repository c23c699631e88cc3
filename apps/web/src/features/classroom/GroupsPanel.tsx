// Issue 28 §4: breakout groups. A teacher plans them (how many; at random, by hand, or the
// students choose; an optional countdown), saves or opens them, sees every group at once (who is
// in it, who is here, who calls), visits any group, writes to all of them, and closes them after
// the 30 s warning. A student sees their group with its countdown, the teacher's latest message
// and Call the teacher; or, when the teacher lets them choose, the groups to pick from. What a
// person sees is what the server sent (engine state `groups`); the controller toasts refusals.
import {
  ClassGroupText,
  GROUP_MESSAGE_MAX,
  MAX_GROUP_MINUTES,
  type ClassGroups,
  type GroupMode,
} from '@atrium/protocol';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useClassroom } from './classroomContext.ts';
import type { ClassroomState } from './engine/types.ts';
import { TIMER_TICK_MS } from './format.ts';
import {
  callers,
  checkPlan,
  classOf,
  draftFrom,
  formatCountdown,
  GROUP_COUNTS,
  groupNumbers,
  groupOfRoom,
  listedGroup,
  ownMember,
  planStudents,
  secondsLeft,
  spread,
  withCount,
  type GroupDraft,
} from './groupsModel.ts';
import { Icon } from './icons.tsx';
import { ClassroomUiText as T } from './texts.ts';
import './groups.css';

const MODES: readonly GroupMode[] = ['random', 'manual', 'choose'];

/** The chip in the teacher row; the overview's heading; the Close button. */
const CHIP = '[data-control="groups"]';
const OVERVIEW_HEADING = '.classroom-groups--overview .classroom-groups__title';

/** Focus to `selector` in the same panel as `from` (the window and the frame are two panels). */
function focusInPanel(from: Element | null, selector: string) {
  from?.closest('.classroom-panel')?.querySelector<HTMLElement>(selector)?.focus();
}

/** The focused button went away with what it did (Close, Visit, Answer…): focus is on the page. */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** Date.now(), again every second: mount it only while a countdown shows. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** "12:34 left" to the groups' end (the client's clock), or "Time is up". */
function GroupClock({ endsAt }: { endsAt: number }) {
  const now = useNow();
  const over = secondsLeft(endsAt, now) === 0;
  return (
    <span
      className={`classroom-groups__clock${over ? ' classroom-groups__clock--over' : ''}`}
      title={T.groupsTimeLeft}
      data-testid="groups-clock"
    >
      <span className="visually-hidden">{T.groupsTimeLeft}: </span>
      {over ? (
        T.groupsTimeUp
      ) : (
        <>
          <time>{formatCountdown(endsAt, now)}</time> {T.groupsLeft}
        </>
      )}
    </span>
  );
}

/** "Groups close in 27 seconds." while the warning runs: read once by the live region, not here. */
function ClosingWarning({ closingAt }: { closingAt: number }) {
  const now = useNow();
  return (
    <p className="classroom-groups__closing" data-testid="groups-closing" tabIndex={-1}>
      <Icon name="leave" size={16} />
      {ClassGroupText.closingSoon(secondsLeft(closingAt, now))}
    </p>
  );
}

/** Says `text` politely (a new call, the warning, a message); not a status role, see the poll. */
function LiveRegion({ text, liveRef }: { text: string; liveRef?: RefObject<HTMLElement | null> }) {
  return (
    <p
      ref={liveRef as RefObject<HTMLParagraphElement | null> | undefined}
      className="visually-hidden"
      aria-live="polite"
      aria-atomic="true"
    >
      {text}
    </p>
  );
}

/** The closing warning's words once, when it starts (a ticking live region would talk all along). */
function useClosingAnnouncement(closingAt: number | null, say: (text: string) => void) {
  const seen = useRef(closingAt);
  useEffect(() => {
    if (closingAt !== null && seen.current === null) {
      say(ClassGroupText.closingSoon(secondsLeft(closingAt, Date.now())));
    }
    seen.current = closingAt;
  }, [closingAt, say]);
}

// ————————————————————————————————— The teacher —————————————————————————————————

/** The teacher row's Groups chip: opens the plan's form (not while groups are open). */
export function GroupsButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { state } = useClassroom();
  const running = state.groups?.state === 'open';
  return (
    <button
      type="button"
      className="classroom-chip"
      aria-expanded={open}
      data-control="groups"
      title={running ? ClassGroupText.alreadyOpen : T.groupsStartTitle}
      disabled={running}
      onClick={onToggle}
    >
      <Icon name="groups" size={16} />
      {T.groups}
    </button>
  );
}

/**
 * Under the teacher row: the plan's form while `composing`, else a saved plan (`prepared`) as a
 * summary with Open and Edit. Open groups hands the focus to the overview when it appears.
 */
export function TeacherGroupPlan({
  composing,
  onComposingChange,
}: {
  composing: boolean;
  onComposingChange: (composing: boolean) => void;
}) {
  const { state } = useClassroom();
  const slot = useRef<HTMLDivElement>(null);
  /** Groups were just opened from here: focus goes to the overview once it shows. */
  const pendingOverview = useRef(false);
  const [justSaved, setJustSaved] = useState(false);
  const groupState = state.groups?.state ?? 'none';
  useEffect(() => {
    if (!pendingOverview.current || groupState !== 'open') return;
    pendingOverview.current = false;
    focusInPanel(slot.current, OVERVIEW_HEADING);
  }, [groupState, composing]);

  const opened = () => {
    pendingOverview.current = true;
    // The overview may be there already (the server's news came before its answer).
    focusInPanel(slot.current, OVERVIEW_HEADING);
  };

  return (
    <div ref={slot} className="classroom-groups-slot">
      {composing ? (
        <GroupForm
          onDone={(result) => {
            if (result === 'opened') opened();
            setJustSaved(result === 'saved');
            onComposingChange(false);
          }}
        />
      ) : (
        state.groups?.state === 'prepared' && (
          <PreparedGroups
            groups={state.groups}
            focusOnMount={justSaved}
            onEdit={() => onComposingChange(true)}
            onOpened={opened}
          />
        )
      )}
    </div>
  );
}

/** The plan: how many groups, how people are placed (by hand: a group per name), how long. */
function GroupForm({ onDone }: { onDone: (result: 'cancelled' | 'saved' | 'opened') => void }) {
  const { state, groups: actions } = useClassroom();
  const students = useMemo(
    () => planStudents(state.tiles, state.groups),
    [state.tiles, state.groups],
  );
  const [draft, setDraft] = useState<GroupDraft>(() => draftFrom(state.groups, students.length));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const count = useRef<HTMLSelectElement>(null);
  const minutes = useRef<HTMLInputElement>(null);
  useEffect(() => count.current?.focus(), []);
  const room = classOf(state.groups?.room ?? state.room);

  const change = (next: GroupDraft) => {
    setDraft(next);
    setError(null);
  };
  const cancel = () => {
    focusInPanel(form.current, CHIP);
    onDone('cancelled');
  };
  const submit = async (open: boolean) => {
    if (!room || busy) return;
    const checked = checkPlan(draft, room);
    if (!checked.ok) {
      setError(checked.problem);
      if (checked.problem === ClassGroupText.minutesRange) minutes.current?.focus();
      return;
    }
    setBusy(true);
    const saved = await actions.planGroups(checked.value);
    if (!saved) {
      setBusy(false);
      return;
    }
    // Saved but not opened (refused, toasted): the saved plan shows, with Open.
    onDone(open && (await actions.openGroups()) ? 'opened' : 'saved');
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Enter saves; opening moves the whole class, so it takes its own button.
    void submit(false);
  };

  return (
    <form
      ref={form}
      className="classroom-groups classroom-groups--form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancel();
      }}
    >
      <h3 id={`${id}-title`} className="classroom-groups__title">
        <Icon name="groups" size={16} />
        {T.groupsFormTitle}
      </h3>
      <div className="classroom-groups__fields">
        <label className="classroom-groups__field">
          <span className="classroom-groups__label">{T.groupsCount}</span>
          <select
            ref={count}
            className="classroom-groups__input"
            value={draft.count}
            data-control="groups-count"
            onChange={(e) => change(withCount(draft, Number(e.target.value)))}
          >
            {GROUP_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="classroom-groups__field">
          <span className="classroom-groups__label">{T.groupsMinutes}</span>
          <input
            ref={minutes}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_GROUP_MINUTES}
            step={1}
            className="classroom-groups__input"
            value={draft.minutes}
            aria-describedby={`${id}-minutes`}
            aria-invalid={error === ClassGroupText.minutesRange || undefined}
            data-control="groups-minutes"
            onChange={(e) => change({ ...draft, minutes: e.target.value })}
          />
        </label>
      </div>
      <p id={`${id}-minutes`} className="classroom-groups__note">
        {T.groupsMinutesHint}
      </p>
      <fieldset className="classroom-groups__modes" aria-describedby={`${id}-mode`}>
        <legend className="classroom-groups__label">{T.groupsMode}</legend>
        <div className="classroom-groups__mode-list">
          {MODES.map((mode) => (
            <label
              key={mode}
              className={`classroom-groups__mode${draft.mode === mode ? ' classroom-groups__mode--chosen' : ''}`}
            >
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={draft.mode === mode}
                onChange={() =>
                  change(
                    mode === 'manual' ? spread({ ...draft, mode }, students) : { ...draft, mode },
                  )
                }
              />
              {T.groupsModeName(mode)}
            </label>
          ))}
        </div>
        <p id={`${id}-mode`} className="classroom-groups__note">
          {T.groupsModeHint(draft.mode)}
        </p>
      </fieldset>
      {draft.mode === 'manual' && (
        <fieldset className="classroom-groups__assign">
          <legend className="classroom-groups__label">{T.groupsAssign}</legend>
          {students.length === 0 ? (
            <p className="classroom-groups__note">{T.groupsNoStudents}</p>
          ) : (
            <ul className="classroom-groups__people">
              {students.map((student) => (
                <li key={student.userId} className="classroom-groups__person">
                  <span className="classroom-groups__name">{student.name}</span>
                  <select
                    className="classroom-groups__input classroom-groups__pick"
                    aria-label={T.groupsAssignOf(student.name)}
                    value={draft.assignments[student.userId] ?? ''}
                    onChange={(e) => {
                      const assignments = { ...draft.assignments };
                      if (e.target.value === '') delete assignments[student.userId];
                      else assignments[student.userId] = Number(e.target.value);
                      change({ ...draft, assignments });
                    }}
                  >
                    <option value="">{T.groupsAtRandom}</option>
                    {groupNumbers(draft.count).map((n) => (
                      <option key={n} value={n}>
                        {T.groupName(n)}
                      </option>
                    ))}
                  </select>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
      {error && (
        <p className="classroom-groups__error" role="alert">
          {error}
        </p>
      )}
      <div className="classroom-groups__actions">
        <button type="button" className="classroom-chip" onClick={cancel}>
          {T.groupsCancel}
        </button>
        <button type="submit" className="classroom-chip" data-control="groups-save" disabled={busy}>
          {T.groupsSave}
        </button>
        <button
          type="button"
          className="classroom-chip classroom-groups__primary"
          data-control="groups-open"
          disabled={busy}
          onClick={() => void submit(true)}
        >
          {T.groupsOpen}
        </button>
      </div>
    </form>
  );
}

/** A saved plan: how many, how, how long, who goes where (by hand), with Open and Edit. */
function PreparedGroups({
  groups,
  focusOnMount,
  onEdit,
  onOpened,
}: {
  groups: ClassGroups;
  focusOnMount: boolean;
  onEdit: () => void;
  onOpened: () => void;
}) {
  const { groups: actions } = useClassroom();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
    // Once, when the summary replaces the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const placed = groups.groups.filter((g) => g.members.length > 0);
  const open = async () => {
    setBusy(true);
    const done = await actions.openGroups();
    setBusy(false);
    if (done) onOpened();
  };
  return (
    <section
      className="classroom-groups classroom-groups--prepared"
      aria-labelledby={titleId}
      data-testid="groups-prepared"
    >
      <div className="classroom-groups__head">
        <h3 ref={heading} id={titleId} className="classroom-groups__title" tabIndex={-1}>
          <Icon name="groups" size={16} />
          {T.groupsPrepared}
        </h3>
        <span className="classroom-groups__summary">
          {T.groupsSummary(groups.count, T.groupsModeName(groups.mode), groups.minutes)}
        </span>
      </div>
      {placed.length > 0 && (
        <ul className="classroom-groups__plan">
          {placed.map((group) => (
            <li key={group.group}>
              <strong>{T.groupName(group.group)}</strong>
              {': '}
              {group.members.map((m) => m.name).join(', ')}
            </li>
          ))}
        </ul>
      )}
      <div className="classroom-groups__actions">
        <button type="button" className="classroom-chip" onClick={onEdit}>
          {T.groupsEdit}
        </button>
        <button
          type="button"
          className="classroom-chip classroom-groups__primary"
          data-control="groups-open"
          disabled={busy}
          onClick={() => void open()}
        >
          {T.groupsOpen}
        </button>
      </div>
    </section>
  );
}

/**
 * The teacher's overview while groups are open, every group at once: who is in it and here, who
 * calls the teacher (with Answer), Visit (or Back to the main room), the countdown, a message to
 * all groups, and Close groups with its warning. A polite live region says who calls.
 */
export function GroupsOverview() {
  const { state, groups: actions } = useClassroom();
  const groups = state.groups;
  const open = groups?.state === 'open';
  const visiting = groupOfRoom(state.room);
  const titleId = useId();
  const live = useRef<HTMLElement>(null);
  const [announced, setAnnounced] = useState('');

  // A call made after the overview showed is news; the calls already there are not.
  const knownCalls = useRef<Set<string> | null>(null);
  useEffect(() => {
    const now = callers(groups);
    if (knownCalls.current) {
      const fresh = now.find((c) => !knownCalls.current!.has(c.userId));
      if (fresh) setAnnounced(ClassGroupText.teacherCalled(fresh.name));
    }
    knownCalls.current = new Set(now.map((c) => c.userId));
  }, [groups]);
  useClosingAnnouncement(open ? (groups?.closingAt ?? null) : null, setAnnounced);

  // A button that went with its own click leaves the focus nowhere: it goes where the change is.
  // The groups closed: the Groups chip. Closing: the warning. A visit: Back, and back: the heading.
  const wasOpen = useRef(open);
  const closingAt = groups?.closingAt ?? null;
  useEffect(() => {
    if (wasOpen.current && !open && focusLost()) focusInPanel(live.current, CHIP);
    wasOpen.current = open;
  }, [open]);
  useEffect(() => {
    if (closingAt !== null && focusLost()) {
      focusInPanel(live.current, '.classroom-groups--overview .classroom-groups__closing');
    }
  }, [closingAt]);
  const wasVisiting = useRef(visiting);
  useEffect(() => {
    const moved = wasVisiting.current !== visiting;
    wasVisiting.current = visiting;
    if (!moved || !focusLost()) return;
    if (visiting !== null) focusInPanel(live.current, '[data-control="groups-back"]');
    else focusInPanel(live.current, OVERVIEW_HEADING);
  }, [visiting]);

  return (
    <>
      <LiveRegion text={announced} liveRef={live} />
      {open && groups && (
        <section
          className="classroom-groups classroom-groups--overview"
          aria-labelledby={titleId}
          data-testid="groups-overview"
        >
          <div className="classroom-groups__head">
            <h3 id={titleId} className="classroom-groups__title" tabIndex={-1}>
              <Icon name="groups" size={16} />
              {T.groupsOpenTitle(groups.groups.length)}
            </h3>
            {groups.endsAt !== null && <GroupClock endsAt={groups.endsAt} />}
            {groups.closingAt === null && (
              <button
                type="button"
                className="classroom-chip classroom-chip--danger"
                data-control="groups-close"
                onClick={() => void actions.closeGroups()}
              >
                {T.groupsClose}
              </button>
            )}
          </div>
          {groups.closingAt !== null && <ClosingWarning closingAt={groups.closingAt} />}
          {visiting !== null && (
            <div className="classroom-groups__visiting">
              <span>{T.groupVisiting(visiting)}</span>
              <button
                type="button"
                className="classroom-chip"
                data-control="groups-back"
                onClick={() => void actions.visitGroup(null)}
              >
                {T.groupBackToMain}
              </button>
            </div>
          )}
          <ul className="classroom-groups__grid" aria-label={T.groups}>
            {groups.groups.map((group) => (
              <GroupCard
                key={group.group}
                group={group}
                count={groups.groups.length}
                here={visiting === group.group}
              />
            ))}
          </ul>
          <GroupMessage notice={state.groupNotice} />
        </section>
      )}
    </>
  );
}

type GroupView = ClassGroups['groups'][number];

/** One group on the overview: its people (here or not yet, calling), Visit, and Move. */
function GroupCard({ group, count, here }: { group: GroupView; count: number; here: boolean }) {
  const { groups: actions } = useClassroom();
  const present = group.members.filter((m) => m.present).length;
  const calling = group.members.some((m) => m.calling);
  const classes = [
    'classroom-groups__group',
    here && 'classroom-groups__group--here',
    calling && 'classroom-groups__group--calling',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-group={group.group}>
      <div className="classroom-groups__group-head">
        <h4 className="classroom-groups__group-name">{T.groupName(group.group)}</h4>
        <span className="classroom-groups__here">{T.groupHere(present, group.members.length)}</span>
        {here ? (
          <span className="classroom-groups__badge">{T.groupVisitingBadge}</span>
        ) : (
          <button
            type="button"
            className="classroom-chip"
            aria-label={T.groupVisitOf(group.group)}
            data-control="group-visit"
            onClick={() => void actions.visitGroup(group.group)}
          >
            {T.groupVisit}
          </button>
        )}
      </div>
      {group.members.length === 0 ? (
        <p className="classroom-groups__note">{T.groupEmpty}</p>
      ) : (
        <ul className="classroom-groups__members">
          {group.members.map((member) => (
            <li
              key={member.userId}
              className={`classroom-groups__member${member.calling ? ' classroom-groups__member--calling' : ''}`}
            >
              <span
                className={`classroom-groups__dot${member.present ? ' classroom-groups__dot--here' : ''}`}
                aria-hidden="true"
              />
              <span className="classroom-groups__who">
                <span className="classroom-groups__name">{member.name}</span>
                {member.present ? (
                  <span className="visually-hidden">, {T.groupPresent}</span>
                ) : (
                  <span className="classroom-groups__absent">{T.groupNotHere}</span>
                )}
              </span>
              <select
                className="classroom-groups__input classroom-groups__move"
                aria-label={T.groupMoveOf(member.name)}
                value={group.group}
                onChange={(e) => void actions.moveToGroup(member.userId, Number(e.target.value))}
              >
                {groupNumbers(count).map((n) => (
                  <option key={n} value={n}>
                    {T.groupName(n)}
                  </option>
                ))}
              </select>
              {member.calling && (
                <span className="classroom-groups__call">
                  <span className="classroom-groups__badge classroom-groups__badge--calling">
                    <Icon name="hand" size={14} />
                    {T.groupCalling}
                  </span>
                  <button
                    type="button"
                    className="classroom-chip classroom-groups__primary"
                    aria-label={T.groupAnswerOf(member.name)}
                    data-control="group-answer"
                    onClick={(event) => {
                      const card = event.currentTarget.closest('.classroom-groups__group');
                      void actions.answerCall(member.userId).then((done) => {
                        // The call's Answer goes; the focus stays in the group, on Visit.
                        if (done && (focusLost() || document.activeElement === event.target)) {
                          card?.querySelector<HTMLElement>('[data-control="group-visit"]')?.focus();
                        }
                      });
                    }}
                  >
                    {T.groupAnswer}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A message to every group at once; the field empties once it is sent. */
function GroupMessage({ notice }: { notice: ClassroomState['groupNotice'] }) {
  const { groups: actions } = useClassroom();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(ClassGroupText.messageEmpty);
      field.current?.focus();
      return;
    }
    setBusy(true);
    const done = await actions.messageGroups(trimmed);
    setBusy(false);
    if (!done) return;
    setText('');
    setSent(true);
  };
  return (
    <form className="classroom-groups__message" noValidate onSubmit={(e) => void handleSubmit(e)}>
      <label htmlFor={id} className="classroom-groups__label">
        {T.groupsMessage}
      </label>
      <div className="classroom-groups__message-row">
        <input
          ref={field}
          id={id}
          className="classroom-groups__input"
          value={text}
          maxLength={GROUP_MESSAGE_MAX}
          placeholder={T.groupsMessagePlaceholder}
          autoComplete="off"
          aria-invalid={error !== null || undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
            setSent(false);
          }}
        />
        <button
          type="submit"
          className="classroom-chip classroom-groups__primary"
          data-control="groups-send"
          disabled={busy}
        >
          {T.groupsSend}
        </button>
      </div>
      {error && (
        <p className="classroom-groups__error" role="alert">
          {error}
        </p>
      )}
      <LiveRegion text={sent ? T.groupsSent : ''} />
      {sent && <p className="classroom-groups__note">{T.groupsSent}</p>}
      {notice && (
        <p className="classroom-groups__last">
          <span className="classroom-groups__label">{T.groupsLastMessage}: </span>
          {notice.text}
        </p>
      )}
    </form>
  );
}

// ————————————————————————————————— A student —————————————————————————————————

/**
 * A student's side while groups are open: their group as a banner (countdown, the closing
 * warning, the teacher's latest message, Call the teacher), or the groups to pick from when they
 * may choose and have none. A polite live region says what changed: in a group, back, a message.
 */
export function StudentGroups() {
  const { state } = useClassroom();
  const groups = state.groups;
  const open = groups?.state === 'open';
  const selfId = state.tiles.find((t) => t.self)?.userId;
  const mine = groupOfRoom(state.room) ?? (open ? listedGroup(groups, selfId) : null);
  const choosing = open && groups.mode === 'choose' && mine === null;
  const [announced, setAnnounced] = useState('');
  const live = useRef<HTMLElement>(null);

  const calling = ownMember(groups, selfId)?.calling === true;
  const seen = useRef({ mine, noticeAt: state.groupNotice?.at ?? null, calling });
  const notice = state.groupNotice;
  useEffect(() => {
    const before = seen.current;
    if (calling && !before.calling) {
      setAnnounced(T.groupTeacherCalled);
    } else if (notice && notice.at !== before.noticeAt) {
      setAnnounced(T.groupNoticeAnnounce(notice.from, notice.text));
    } else if (mine !== before.mine) {
      setAnnounced(mine === null ? T.groupsAnnounceBack : T.groupsAnnounceIn(mine));
    }
    // Join (choosing) went with its list: the focus goes to the group's banner.
    if (mine !== null && before.mine === null && focusLost()) {
      focusInPanel(live.current, '.classroom-groups--student .classroom-groups__title');
    }
    seen.current = { mine, noticeAt: notice?.at ?? null, calling };
  }, [mine, notice, calling]);
  useClosingAnnouncement(open ? (groups?.closingAt ?? null) : null, setAnnounced);

  return (
    <>
      <LiveRegion text={announced} liveRef={live} />
      {open && mine !== null && <StudentGroup groups={groups} group={mine} selfId={selfId} />}
      {choosing && <ChooseGroup groups={groups} />}
    </>
  );
}

function StudentGroup({
  groups,
  group,
  selfId,
}: {
  groups: ClassGroups;
  group: number;
  selfId: string | undefined;
}) {
  const { state, groups: actions } = useClassroom();
  const titleId = useId();
  const calling = ownMember(groups, selfId)?.calling === true;
  const notice = state.groupNotice;
  return (
    <section
      className="classroom-groups classroom-groups--student"
      aria-labelledby={titleId}
      data-testid="groups-student"
    >
      <div className="classroom-groups__head">
        <h3 id={titleId} className="classroom-groups__title" tabIndex={-1}>
          <Icon name="groups" size={16} />
          {T.groupName(group)}
        </h3>
        {groups.endsAt !== null && <GroupClock endsAt={groups.endsAt} />}
        <button
          type="button"
          className="classroom-chip classroom-groups__call-teacher"
          aria-pressed={calling}
          data-control="call-teacher"
          // Pressed: the call waits for the teacher; pressing again sends nothing more.
          onClick={() => {
            if (!calling) void actions.callTeacher();
          }}
        >
          <Icon name="hand" size={16} />
          {T.groupCallTeacher}
        </button>
      </div>
      {groups.closingAt !== null && <ClosingWarning closingAt={groups.closingAt} />}
      {/* Said by the banner's live region. */}
      {calling && <p className="classroom-groups__note">{T.groupTeacherCalled}</p>}
      {notice && (
        <p className="classroom-groups__notice">
          <span className="classroom-groups__notice-from">{T.groupNoticeFrom(notice.from)}</span>
          <span className="classroom-groups__notice-text">{notice.text}</span>
        </p>
      )}
    </section>
  );
}

/** The teacher lets students choose: every group with who is in it, and Join. */
function ChooseGroup({ groups }: { groups: ClassGroups }) {
  const { groups: actions } = useClassroom();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const choose = async (group: number) => {
    setBusy(true);
    await actions.chooseGroup(group);
    setBusy(false);
  };
  return (
    <section
      className="classroom-groups classroom-groups--choose"
      aria-labelledby={titleId}
      data-testid="groups-choose"
    >
      <div className="classroom-groups__head">
        <h3 id={titleId} className="classroom-groups__title">
          <Icon name="groups" size={16} />
          {T.groupsChooseTitle}
        </h3>
        {groups.endsAt !== null && <GroupClock endsAt={groups.endsAt} />}
      </div>
      {groups.closingAt !== null && <ClosingWarning closingAt={groups.closingAt} />}
      <p className="classroom-groups__note">{T.groupsChooseHint}</p>
      <ul className="classroom-groups__choices">
        {groups.groups.map((group) => (
          <li key={group.group} className="classroom-groups__choice">
            <span className="classroom-groups__who">
              <span className="classroom-groups__name">
                {T.groupName(group.group)} · {T.groupPeople(group.members.length)}
              </span>
              {group.members.length > 0 && (
                <span className="classroom-groups__absent">
                  {group.members.map((m) => m.name).join(', ')}
                </span>
              )}
            </span>
            <button
              type="button"
              className="classroom-chip classroom-groups__primary"
              aria-label={T.groupJoinOf(group.group)}
              data-control="group-join"
              disabled={busy}
              onClick={() => void choose(group.group)}
            >
              {T.groupJoin}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
