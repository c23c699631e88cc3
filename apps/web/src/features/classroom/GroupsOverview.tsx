// Issue 28 §4: the teacher's overview while groups are open: every group at once (who is in it,
// here, speaking, calling, its whiteboard), Visit, Move, a message to all, and Close groups with
// its warning.
import {
  ClassGroupText,
  GROUP_MESSAGE_MAX,
  type BoardRoom,
  type ClassGroups,
} from '@atrium/protocol';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useClassroom } from './classroomContext.ts';
import type { ClassroomState } from './engine/types.ts';
import { callers, groupNumbers, groupOfRoom } from './groupsModel.ts';
import { Icon } from './icons.tsx';
import {
  CHIP,
  ClosingWarning,
  focusInPanel,
  focusLost,
  GroupClock,
  LiveRegion,
  OVERVIEW_HEADING,
  useClosingAnnouncement,
} from './groupsShared.tsx';
import { ClassroomUiText as T } from './texts.ts';
import './groups.css';

// Only while groups are open, and kept out of the panel's chunk (the home route's first load).
const GroupBoardThumb = lazy(() =>
  import('./GroupBoardThumb.tsx').then((m) => ({ default: m.GroupBoardThumb })),
);

/**
 * Who speaks now, of those the server said speak until a time: the set changes when a word comes
 * and when the earliest of them runs out (a timer for that moment, not a tick every second).
 */
function useSpeakers(until: Readonly<Record<string, number>>): ReadonlySet<string> {
  const [now, setNow] = useState(() => Date.now());
  const current = Object.entries(until).filter(([, at]) => at > now);
  const nextEnd = current.length > 0 ? Math.min(...current.map(([, at]) => at)) : null;
  useEffect(() => {
    if (nextEnd === null) return;
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.max(0, nextEnd - Date.now()) + 50,
    );
    return () => window.clearTimeout(timer);
  }, [nextEnd]);
  return new Set(current.map(([id]) => id));
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
  const speakers = useSpeakers(state.groupSpeaking);

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
                speakers={speakers}
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

/** One group on the overview: its people (here or not yet, speaking, calling), Visit, Move. */
function GroupCard({
  group,
  count,
  here,
  speakers,
}: {
  group: GroupView;
  count: number;
  here: boolean;
  speakers: ReadonlySet<string>;
}) {
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
      <Suspense fallback={null}>
        <GroupBoardThumb channel={group.channel as BoardRoom} group={group.group} />
      </Suspense>
      {group.members.length === 0 ? (
        <p className="classroom-groups__note">{T.groupEmpty}</p>
      ) : (
        <ul className="classroom-groups__members">
          {group.members.map((member) => {
            const speaking = member.present && speakers.has(member.userId);
            const rowClass = [
              'classroom-groups__member',
              member.calling && 'classroom-groups__member--calling',
              speaking && 'classroom-groups__member--speaking',
            ]
              .filter(Boolean)
              .join(' ');
            const dotClass = speaking
              ? 'classroom-groups__dot classroom-groups__dot--speaking'
              : `classroom-groups__dot${member.present ? ' classroom-groups__dot--here' : ''}`;
            return (
              <li key={member.userId} className={rowClass} data-speaking={speaking || undefined}>
                <span className={dotClass} aria-hidden="true" />
                <span className="classroom-groups__who">
                  <span className="classroom-groups__name">{member.name}</span>
                  {member.present ? (
                    <span className="visually-hidden">
                      , {speaking ? T.groupSpeaking : T.groupPresent}
                    </span>
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
                            card
                              ?.querySelector<HTMLElement>('[data-control="group-visit"]')
                              ?.focus();
                          }
                        });
                      }}
                    >
                      {T.groupAnswer}
                    </button>
                  </span>
                )}
              </li>
            );
          })}
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
