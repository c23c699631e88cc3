import { roleLabels, RosterText } from '@atrium/protocol';
import { memo, useState } from 'react';
import type { RosterEntry } from './csv.ts';
import { RosterUiText as T } from './texts.ts';
import type { RosterProblems } from './useRoster.ts';

/** The cells an admin may fix in place. */
export type RosterField = 'username' | 'email' | 'role';

const ROLES = ['member', 'teacher'] as const;

/** A role as the app names it; one the roster does not take reads as the file has it. */
const roleName = (role: string) =>
  role === 'member' || role === 'teacher' ? roleLabels[role] : T.unknownRole(role);

/** Which cell a problem of the server is about, so that cell is marked; null: the row's. */
export function fieldOfProblem(problem: string): RosterField | null {
  if (problem === RosterText.roleUnknown) return 'role';
  if (problem === RosterText.duplicateEmail || problem === RosterText.emailTaken) return 'email';
  if (problem === RosterText.duplicateUsername || problem === RosterText.usernameTaken) {
    return 'username';
  }
  if (problem.startsWith('Username')) return 'username';
  if (problem.startsWith('Email')) return 'email';
  return null;
}

interface CellInputProps {
  label: string;
  value: string;
  type?: 'text' | 'email';
  invalid: boolean;
  describedBy: string;
  onCommit: (value: string) => void;
}

/** A cell being fixed: the change counts once the field is left or Enter is pressed. */
function CellInput({
  label,
  value,
  type = 'text',
  invalid,
  describedBy,
  onCommit,
}: CellInputProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The row changed from outside (a new check, a new file): show its value.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    const next = draft.trim();
    if (next !== value) onCommit(next);
  };
  return (
    <input
      className="roster-cell__input"
      type={type}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape') {
          setDraft(value);
        }
      }}
    />
  );
}

interface RowProps {
  entry: RosterEntry;
  problems: string[] | undefined;
  editable: boolean;
  readOnly: boolean;
  onEdit: (id: number, field: RosterField, value: string) => void;
  onRemove: (id: number) => void;
}

const RosterRowView = memo(function RosterRowView({
  entry,
  problems,
  editable,
  readOnly,
  onEdit,
  onRemove,
}: RowProps) {
  const { id, line, row } = entry;
  const problemsId = `roster-problems-${id}`;
  const bad = new Set((problems ?? []).map(fieldOfProblem));
  const editing = editable && !readOnly;
  const input = (field: 'username' | 'email', column: string) =>
    editing ? (
      <CellInput
        label={T.cellLabel(column, line)}
        value={row[field]}
        type={field === 'email' ? 'email' : 'text'}
        invalid={bad.has(field)}
        describedBy={problemsId}
        onCommit={(value) => onEdit(id, field, value)}
      />
    ) : (
      row[field]
    );
  const roles: readonly string[] = ROLES.includes(row.role as (typeof ROLES)[number])
    ? ROLES
    : [...ROLES, row.role];
  return (
    <tr className={problems ? 'roster-row roster-row--problem' : 'roster-row'}>
      <th scope="row" className="roster-cell roster-cell--line" data-label={T.row}>
        {line}
      </th>
      <td className="roster-cell roster-cell--username" data-label={T.username}>
        {input('username', T.username)}
      </td>
      <td className="roster-cell roster-cell--email" data-label={T.email}>
        {input('email', T.email)}
      </td>
      <td className="roster-cell roster-cell--role" data-label={T.role}>
        {editing ? (
          <select
            className="roster-cell__input"
            aria-label={T.cellLabel(T.role, line)}
            aria-invalid={bad.has('role') || undefined}
            aria-describedby={problemsId}
            value={row.role}
            onChange={(e) => onEdit(id, 'role', e.target.value)}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleName(role)}
              </option>
            ))}
          </select>
        ) : (
          roleName(row.role)
        )}
      </td>
      <td className="roster-cell roster-cell--class" data-label={T.class}>
        {row.class}
      </td>
      <td className="roster-cell roster-cell--problems" data-label={T.problems} id={problemsId}>
        {problems ? (
          <ul className="roster-problems">
            {problems.map((problem) => (
              <li key={problem}>
                <span className="roster-problems__icon" aria-hidden="true">
                  !
                </span>
                {problem}
              </li>
            ))}
          </ul>
        ) : (
          <span className="roster-ready">
            <span aria-hidden="true">✓ </span>
            {T.ready}
          </span>
        )}
      </td>
      <td className="roster-cell roster-cell--actions" data-label={T.actions}>
        <button
          type="button"
          className="button button--secondary roster-remove"
          aria-label={T.removeRow(line, row.username)}
          data-roster-remove={id}
          disabled={readOnly}
          onClick={() => onRemove(id)}
        >
          {T.remove}
        </button>
      </td>
    </tr>
  );
});

export interface RosterPreviewProps {
  /** The rows to show, in the file's order. */
  entries: RosterEntry[];
  problems: RosterProblems;
  /** Rows fixed by hand: they keep their inputs once their problems are gone. */
  edited: ReadonlySet<number>;
  /** While the import runs nothing changes. */
  readOnly: boolean;
  onEdit: (id: number, field: RosterField, value: string) => void;
  onRemove: (id: number) => void;
}

/**
 * The rows of a roster with the server's problems: a row with problems is marked (a sign and its
 * problems in words, not only a colour) and its username, email and role are fields to fix.
 */
export function RosterPreview({
  entries,
  problems,
  edited,
  readOnly,
  onEdit,
  onRemove,
}: RosterPreviewProps) {
  return (
    <div className="roster-table">
      <table>
        <caption className="visually-hidden">{T.preview}</caption>
        <colgroup>
          <col className="roster-col--line" />
          <col className="roster-col--username" />
          <col className="roster-col--email" />
          <col className="roster-col--role" />
          <col className="roster-col--class" />
          <col />
          <col className="roster-col--actions" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{T.row}</th>
            <th scope="col">{T.username}</th>
            <th scope="col">{T.email}</th>
            <th scope="col">{T.role}</th>
            <th scope="col">{T.class}</th>
            <th scope="col">{T.problems}</th>
            <th scope="col">
              <span className="visually-hidden">{T.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <RosterRowView
              key={entry.id}
              entry={entry}
              problems={problems[entry.id]}
              editable={problems[entry.id] !== undefined || edited.has(entry.id)}
              readOnly={readOnly}
              onEdit={onEdit}
              onRemove={onRemove}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
