// Issue 28 §4: breakout groups, the teacher's plan. A teacher plans them (how many; at random, by
// hand on a board of names, or the students choose; an optional countdown), saves or opens them.
// The overview while they run is GroupsOverview.tsx, a student's side StudentGroups.tsx, and what
// they share groupsShared.tsx. What a person sees is what the server sent (engine state `groups`);
// the controller toasts refusals.
import {
  ClassGroupText,
  MAX_GROUP_MINUTES,
  type ClassGroups,
  type GroupMode,
} from '@atrium/protocol';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useClassroom } from './classroomContext.ts';
import { GroupBoard } from './GroupBoard.tsx';
import {
  checkPlan,
  classOf,
  draftFrom,
  GROUP_COUNTS,
  planStudents,
  spread,
  withCount,
  type GroupDraft,
} from './groupsModel.ts';
import { Icon } from './icons.tsx';
import { CHIP, focusInPanel, OVERVIEW_HEADING } from './groupsShared.tsx';
import { ClassroomUiText as T } from './texts.ts';
import './groups.css';

const MODES: readonly GroupMode[] = ['random', 'manual', 'choose'];

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
            <>
              <p className="classroom-groups__note">{T.groupsDragHint}</p>
              <GroupBoard
                students={students}
                count={draft.count}
                assignments={draft.assignments}
                onChange={(assignments) => change({ ...draft, assignments })}
              />
            </>
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
