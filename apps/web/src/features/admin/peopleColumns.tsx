import { roleLabels, type AdminPerson } from '@atrium/protocol';
import { createColumnHelper } from '@tanstack/react-table';
import { formatWhen, isForever } from './format.ts';
import { RowActions, type RowAction } from './RowActions.tsx';
import { AdminUiText as T, stateLabels } from './texts.ts';

/** What a row's actions open or do; the page decides how (a dialog, a confirm). */
export interface PersonActions {
  edit: (person: AdminPerson) => void;
  setActive: (person: AdminPerson, active: boolean) => void;
  remove: (person: AdminPerson) => void;
  resendActivation: (person: AdminPerson) => void;
  moderate: (person: AdminPerson) => void;
}

/** A person's ban and mute, as badges with their end in the tooltip and the accessible name. */
function SanctionBadges({ person }: { person: AdminPerson }) {
  const banned = person.banned_until;
  const muted = person.muted_until;
  const banText = banned
    ? isForever(banned)
      ? T.bannedForGood
      : T.bannedUntil(formatWhen(banned))
    : '';
  if (!banned && !muted) return null;
  return (
    <span className="admin-badges">
      {banned && (
        <span className="admin-badge admin-badge--danger" title={banText}>
          {T.banned}
          <span className="visually-hidden">: {banText}</span>
        </span>
      )}
      {muted && (
        <span className="admin-badge admin-badge--warning" title={T.mutedUntil(formatWhen(muted))}>
          {T.muted}
          <span className="visually-hidden">: {T.mutedUntil(formatWhen(muted))}</span>
        </span>
      )}
    </span>
  );
}

/** The actions a row offers: none that the server would refuse (on oneself, on an admin). */
function rowActions(person: AdminPerson, me: string, on: PersonActions): RowAction[] {
  const self = person.username === me;
  const actions: RowAction[] = [{ label: T.edit, run: () => on.edit(person) }];
  if (person.state === 'waiting') {
    actions.push({ label: T.resendActivation, run: () => on.resendActivation(person) });
  }
  if (!self) {
    if (person.role !== 'admin')
      actions.push({ label: T.moderate, run: () => on.moderate(person) });
    actions.push(
      person.state === 'deactivated'
        ? { label: T.reactivate, run: () => on.setActive(person, true) }
        : { label: T.deactivate, run: () => on.setActive(person, false) },
    );
    actions.push({ label: T.delete, danger: true, run: () => on.remove(person) });
  }
  return actions;
}

/** What the table hands its cells (`meta`): who is signed in, and the rows' actions. */
export interface PeopleTableMeta {
  me: string;
  actions: PersonActions;
}

const column = createColumnHelper<AdminPerson>();
const when = (iso: string | null) => formatWhen(iso, T.never);

/**
 * The people table's columns; the ids of the sortable ones are the server's sort keys. Defined
 * once: TanStack Table renders a cell function as a component, so a new function each render
 * would mount every cell afresh (and lose the focus of an open row menu).
 */
export const peopleColumns = [
  column.accessor('username', {
    header: T.username,
    // The ban and mute badges sit under the name: one column fewer on a tablet.
    cell: (c) => (
      <div>
        <span className="admin-strong">{c.getValue()}</span>
        <SanctionBadges person={c.row.original} />
      </div>
    ),
  }),
  column.accessor('email', { header: T.email }),
  column.accessor('role', { header: T.role, cell: (c) => roleLabels[c.getValue()] }),
  column.accessor('state', {
    header: T.state,
    cell: (c) => (
      <span className={`admin-state admin-state--${c.getValue()}`}>
        {stateLabels[c.getValue()]}
      </span>
    ),
  }),
  column.accessor('last_login', { header: T.lastLogin, cell: (c) => when(c.getValue()) }),
  column.accessor('last_seen', { header: T.lastSeen, cell: (c) => when(c.getValue()) }),
  column.accessor('created_at', { header: T.created, cell: (c) => when(c.getValue()) }),
  column.display({
    id: 'actions',
    header: T.actions,
    cell: (c) => {
      const { me, actions } = c.table.options.meta as PeopleTableMeta;
      const person = c.row.original;
      return <RowActions name={person.username} actions={rowActions(person, me, actions)} />;
    },
  }),
];
