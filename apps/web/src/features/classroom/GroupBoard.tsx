// Issue 28 §4, "by hand (drag names)": the teacher's board of who goes where. One column for
// those left to chance and one per group; a name card drags from one column to another (HTML
// drag and drop, with a mouse or a pen). Each card keeps its select, which is the way by keyboard,
// by screen reader and by touch: Chromium and Safari send no drag events for a finger.
import { useRef, useState, type DragEvent } from 'react';
import { groupNumbers } from './groupsModel.ts';
import { ClassroomUiText as T } from './texts.ts';

/** The data type a card carries while dragged: its student's id. */
const DRAG_TYPE = 'text/plain';

interface Student {
  userId: string;
  name: string;
}

export interface GroupBoardProps {
  students: readonly Student[];
  /** How many groups. */
  count: number;
  /** Student id → group number; a student not listed is placed at random. */
  assignments: Readonly<Record<string, number>>;
  onChange: (assignments: Record<string, number>) => void;
}

export function GroupBoard({ students, count, assignments, onChange }: GroupBoardProps) {
  // The card being dragged: a page's own drag keeps it here as well as in the event's data, which
  // a drop from another page or program may carry anything in.
  const dragged = useRef<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const known = new Set(students.map((s) => s.userId));

  const assign = (userId: string, group: number) => {
    if (!known.has(userId)) return;
    const next = { ...assignments };
    if (group === 0) delete next[userId];
    else next[userId] = group;
    onChange(next);
  };

  const columns = [0, ...groupNumbers(count)];
  const columnOf = (userId: string) => {
    const at = assignments[userId] ?? 0;
    return at >= 1 && at <= count ? at : 0;
  };
  const inColumn = (group: number) => students.filter((s) => columnOf(s.userId) === group);

  const dropProps = (group: number) => ({
    onDragOver: (event: DragEvent) => {
      if (!dragged.current) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== group) setOver(group);
    },
    onDragLeave: (event: DragEvent) => {
      const to = event.relatedTarget as Node | null;
      if (!to || !event.currentTarget.contains(to)) setOver((now) => (now === group ? null : now));
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const userId = dragged.current ?? event.dataTransfer.getData(DRAG_TYPE);
      dragged.current = null;
      setOver(null);
      if (userId) assign(userId, group);
    },
  });

  return (
    <div className="classroom-groups__board" data-control="groups-board">
      {columns.map((group) => {
        const people = inColumn(group);
        const title = group === 0 ? T.groupsAtRandom : T.groupName(group);
        return (
          <section
            key={group}
            className={`classroom-groups__column${over === group ? ' classroom-groups__column--over' : ''}`}
            aria-label={title}
            data-column={group}
            {...dropProps(group)}
          >
            <h4 className="classroom-groups__column-title">
              {title}
              <span className="classroom-groups__column-count">{people.length}</span>
            </h4>
            {people.length === 0 ? (
              <p className="classroom-groups__column-empty">{T.groupsDropHere}</p>
            ) : (
              <ul className="classroom-groups__cards">
                {people.map((student) => (
                  <li
                    key={student.userId}
                    className="classroom-groups__card"
                    draggable
                    data-student={student.userId}
                    onDragStart={(event) => {
                      dragged.current = student.userId;
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData(DRAG_TYPE, student.userId);
                    }}
                    onDragEnd={() => {
                      dragged.current = null;
                      setOver(null);
                    }}
                  >
                    <span className="classroom-groups__name" title={student.name}>
                      {student.name}
                    </span>
                    <select
                      className="classroom-groups__input classroom-groups__pick"
                      aria-label={T.groupsAssignOf(student.name)}
                      value={assignments[student.userId] ?? ''}
                      onChange={(e) =>
                        assign(student.userId, e.target.value === '' ? 0 : Number(e.target.value))
                      }
                    >
                      <option value="">{T.groupsAtRandom}</option>
                      {groupNumbers(count).map((n) => (
                        <option key={n} value={n}>
                          {T.groupName(n)}
                        </option>
                      ))}
                    </select>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
