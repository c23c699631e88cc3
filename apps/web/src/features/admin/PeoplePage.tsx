import { PERSON_STATES, roleLabels, RoleSchema, type AdminPerson } from '@atrium/protocol';
import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { DataTable, useServerTable } from './DataTable.tsx';
import { FilterSelect, SearchField } from './Filters.tsx';
import { pageCount } from './format.ts';
import { toastResult } from './notify.ts';
import { Pager } from './Pager.tsx';
import { peopleColumns, type PeopleTableMeta, type PersonActions } from './peopleColumns.tsx';
import { CreatePersonDialog, EditPersonDialog } from './PersonDialogs.tsx';
import { SanctionDialog } from './SanctionDialog.tsx';
import { AdminUiText as T, stateLabels } from './texts.ts';
import { useAdminMutations, usePeople, type PeopleFilter, type PeopleSort } from './useAdmin.ts';
import { useSearch } from './useSearch.ts';

/** The one dialog the page may show at a time. */
type PeopleDialog =
  | { kind: 'create' }
  | { kind: 'edit'; person: AdminPerson }
  | { kind: 'sanction'; person: AdminPerson }
  | null;

const NO_ROWS: AdminPerson[] = [];
const firstFilter: Omit<PeopleFilter, 'q'> = {
  sort: 'username',
  dir: 'asc',
  page: 1,
  page_size: 25,
};

/** People: every account, searched, filtered, sorted and paged by the server, with its actions. */
export function PeoplePage({ me }: { me: string }) {
  const [filter, setFilter] = useState(firstFilter);
  const search = useSearch(() => setFilter((f) => ({ ...f, page: 1 })));
  const people = usePeople({ ...filter, q: search.q });
  const [dialog, setDialog] = useState<PeopleDialog>(null);
  const dialogs = useDialogs();
  const { updatePerson, deletePerson, resendActivation } = useAdminMutations();

  // Rows went away (deleted, filtered out) under the last page: show the new last page.
  const total = people.data?.total;
  const lastPage = pageCount(total ?? 0, filter.page_size);
  if (total !== undefined && !people.isPlaceholderData && filter.page > lastPage) {
    setFilter((f) => ({ ...f, page: lastPage }));
  }

  const change = (next: Partial<Omit<PeopleFilter, 'q'>>) =>
    setFilter((f) => ({ ...f, page: 1, ...next }));

  const setActive = async (person: AdminPerson, active: boolean) => {
    const confirmed =
      active ||
      (await dialogs.confirm({
        title: T.deactivateTitle(person.username),
        message: T.deactivateMessage(person.username),
        confirmLabel: T.deactivate,
      }));
    if (!confirmed) return;
    const state = active ? 'active' : 'deactivated';
    const setState = (to: typeof state) =>
      updatePerson.mutateAsync({ id: person.id, body: { state: to } });
    // A deactivation is undone by reactivating (the sessions it ended stay ended).
    await toastResult(setState(state), active ? undefined : () => setState('active'));
  };
  const remove = async (person: AdminPerson) => {
    const confirmed = await dialogs.confirm({
      title: T.deleteTitle(person.username),
      message: T.deleteMessage(person.username),
      confirmLabel: T.delete,
    });
    if (confirmed) await toastResult(deletePerson.mutateAsync(person.id));
  };
  const actions: PersonActions = {
    edit: (person) => setDialog({ kind: 'edit', person }),
    moderate: (person) => setDialog({ kind: 'sanction', person }),
    setActive: (person, active) => void setActive(person, active),
    remove: (person) => void remove(person),
    resendActivation: (person) => void toastResult(resendActivation.mutateAsync(person.id)),
  };

  const sorting: SortingState = [{ id: filter.sort, desc: filter.dir === 'desc' }];
  const table = useServerTable({
    data: people.data?.rows ?? NO_ROWS,
    columns: peopleColumns,
    meta: { me, actions } satisfies PeopleTableMeta,
    getRowId: (row) => row.id,
    enableSortingRemoval: false,
    sortDescFirst: false,
    rowCount: total,
    state: { sorting },
    onSortingChange: (updater) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      if (next) change({ sort: next.id as PeopleSort, dir: next.desc ? 'desc' : 'asc' });
    },
  });

  return (
    <section className="admin-section" aria-labelledby="admin-people-title">
      <div className="admin-section__head">
        <h2 id="admin-people-title" className="admin-section__title">
          {T.people}
        </h2>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setDialog({ kind: 'create' })}
        >
          {T.addPerson}
        </button>
      </div>
      <div className="admin-toolbar" role="search">
        <SearchField
          label={T.search}
          placeholder={T.searchPeopleHint}
          value={search.text}
          onChange={search.setText}
        />
        <FilterSelect
          label={T.role}
          anyLabel={T.anyRole}
          options={RoleSchema.options}
          optionLabel={(role) => roleLabels[role]}
          value={filter.role}
          onChange={(role) => change({ role })}
        />
        <FilterSelect
          label={T.state}
          anyLabel={T.anyState}
          options={PERSON_STATES}
          optionLabel={(state) => stateLabels[state]}
          value={filter.state}
          onChange={(state) => change({ state })}
        />
      </div>
      <DataTable table={table} label={T.people} query={people} empty={T.noOne} />
      <Pager
        page={filter.page}
        pageSize={filter.page_size}
        total={total}
        onPage={(page) => setFilter((f) => ({ ...f, page }))}
        onPageSize={(page_size) => change({ page_size })}
      />
      {dialog?.kind === 'create' && <CreatePersonDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <EditPersonDialog person={dialog.person} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'sanction' && (
        <SanctionDialog person={dialog.person} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
