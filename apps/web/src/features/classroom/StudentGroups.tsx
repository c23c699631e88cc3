// Issue 28 §4: a student's side of the groups: their group as a banner (countdown, warning, the
// teacher's message, Call the teacher), or the groups to choose from.
import { type ClassGroups } from '@atrium/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useClassroom } from './classroomContext.ts';
import { groupOfRoom, listedGroup, ownMember } from './groupsModel.ts';
import { Icon } from './icons.tsx';
import {
  ClosingWarning,
  focusInPanel,
  focusLost,
  GroupClock,
  LiveRegion,
  useClosingAnnouncement,
} from './groupsShared.tsx';
import { ClassroomUiText as T } from './texts.ts';
import './groups.css';

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
