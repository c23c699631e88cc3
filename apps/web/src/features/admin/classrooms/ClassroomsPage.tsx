import {
  ENTRY_POLICIES,
  isClassroomRoom,
  parseGroupChannel,
  type AdminClassroom,
  type EntryPolicy,
} from '@atrium/protocol';
import { useId } from 'react';
import { useDialogs } from '../../../shared/dialogs/useDialogs.ts';
import { classLabel, clockTime, roleLabel } from '../dashboard/format.ts';
import { LoadProblem } from '../dashboard/LoadProblem.tsx';
import { toastResult } from '../notify.ts';
import { ClassRecords } from './ClassRecords.tsx';
import { policyLabels, ClassroomsText as T } from './texts.ts';
import { useClassroomMutations, useClassrooms } from './useClassrooms.ts';
import './classrooms.css';

type Person = AdminClassroom['people'][number];

/** The people of a class by where they are: the class itself first, then each group in order. */
function byChannel(room: AdminClassroom): Array<[string, Person[]]> {
  const places = new Map<string, Person[]>();
  for (const person of room.people) {
    places.set(person.channel, [...(places.get(person.channel) ?? []), person]);
  }
  return [...places.entries()].sort(([a], [b]) =>
    a === room.channel ? -1 : b === room.channel ? 1 : a.localeCompare(b, 'en', { numeric: true }),
  );
}

/** Where in a class someone is: the class itself, or one of its groups by number. */
function placeLabel(room: string, channel: string): string {
  if (channel === room) return T.inClass;
  const group = parseGroupChannel(channel);
  return group ? T.group(group.group) : classLabel(channel);
}

/** One classroom: its entry policy, who is in it and its groups, and End class. */
function RoomCard({ room }: { room: AdminClassroom }) {
  const titleId = useId();
  const dialogs = useDialogs();
  const { endClass, setPolicy } = useClassroomMutations();
  const policy = policyLabels[room.entry_policy];
  const count = room.people.length;
  const empty = count === 0;

  const handleEnd = async () => {
    if (empty || !isClassroomRoom(room.channel)) return;
    const confirmed = await dialogs.confirm({
      title: T.endTitle(room.channel),
      message: T.endText(count),
      confirmLabel: T.endClass,
    });
    if (confirmed) await toastResult(endClass.mutateAsync(room.channel));
  };

  return (
    <li className="classroom-card">
      <article aria-labelledby={titleId}>
        <h3 id={titleId} className="classroom-card__title">
          {classLabel(room.channel)} <code className="classroom-card__channel">{room.channel}</code>
        </h3>
        <p className="classroom-card__count">{T.people(count)}</p>
        <div className="classroom-card__policy">
          <span id={`${titleId}-policy`} className="classroom-card__policy-label">
            {T.entryPolicy}
          </span>
          {/* Named "Entry" and the class's title: three cards, three selects. */}
          <select
            className="admin-select"
            aria-labelledby={`${titleId}-policy ${titleId}`}
            value={room.entry_policy}
            disabled={setPolicy.isPending}
            aria-describedby={`${titleId}-meaning`}
            onChange={(event) => {
              const next = event.target.value as EntryPolicy;
              if (!isClassroomRoom(room.channel) || next === room.entry_policy) return;
              void toastResult(setPolicy.mutateAsync({ room: room.channel, policy: next }));
            }}
          >
            {ENTRY_POLICIES.map((value) => (
              <option key={value} value={value}>
                {policyLabels[value].label}
              </option>
            ))}
          </select>
          <span id={`${titleId}-meaning`}>{policy.meaning}</span>
        </div>
        <p className="classroom-card__note">{T.policyNote}</p>
        {empty ? (
          <p className="admin-muted">{T.nobody}</p>
        ) : (
          <div className="classroom-card__places">
            {byChannel(room).map(([channel, people]) => (
              <div key={channel} className="classroom-place">
                <h4 className="classroom-place__title">
                  {placeLabel(room.channel, channel)}{' '}
                  <span className="admin-muted">({T.people(people.length)})</span>
                </h4>
                <ul className="classroom-place__people">
                  {people.map((person, i) => (
                    <li key={`${person.name}-${i}`}>
                      <span className="classroom-place__name">{person.name}</span>{' '}
                      <span className="admin-muted">{roleLabel(person.role)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        <div className="classroom-card__actions">
          <button
            type="button"
            className="button button--secondary admin-button--danger"
            aria-disabled={empty || endClass.isPending || undefined}
            aria-describedby={empty ? `${titleId}-empty` : undefined}
            onClick={() => void handleEnd()}
          >
            {T.endClass}
            <span className="visually-hidden"> {T.endClassFor(room.channel)}</span>
          </button>
          {empty && (
            <span id={`${titleId}-empty`} className="visually-hidden">
              {T.nothingToEnd}
            </span>
          )}
        </div>
      </article>
    </li>
  );
}

/**
 * Classrooms (issue 29): who is in each class now (read again every 10 s), its entry policy,
 * End class, and the class records with their CSV.
 */
export function ClassroomsPage() {
  const titleId = useId();
  const classrooms = useClassrooms();
  const { data } = classrooms;
  return (
    <div className="admin-stack classrooms">
      <section className="admin-section" aria-labelledby={titleId}>
        <div className="admin-section__head">
          <div className="classrooms__lead">
            <h2 id={titleId} className="admin-section__title">
              {T.title}
            </h2>
            <p className="admin-muted">{T.intro}</p>
          </div>
          {data && classrooms.dataUpdatedAt > 0 && (
            <p className="classrooms__updated">
              {T.updated(clockTime(new Date(classrooms.dataUpdatedAt).toISOString()))}
            </p>
          )}
        </div>
        {classrooms.isPending && <p role="status">{T.loading}</p>}
        {classrooms.isError && (
          <LoadProblem
            message={data ? T.refreshFailed : T.loadFailed}
            error={classrooms.error}
            retryLabel={T.retry}
            onRetry={() => classrooms.refetch()}
          />
        )}
        {data && (
          <ul className="classroom-cards">
            {data.map((room) => (
              <RoomCard key={room.channel} room={room} />
            ))}
          </ul>
        )}
      </section>
      <ClassRecords />
    </div>
  );
}
