import type { Sanction } from '@atrium/protocol';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { DataTable, useServerTable } from './DataTable.tsx';
import { formatWhen, isForever } from './format.ts';
import { toastResult } from './notify.ts';
import { Pager } from './Pager.tsx';
import { AdminUiText as T, sanctionLabels, sanctionNouns } from './texts.ts';
import { useAdminMutations, useSanctions, type SanctionsFilter } from './useAdmin.ts';

const NO_ROWS: Sanction[] = [];
const column = createColumnHelper<Sanction>();

/** A mute or ban that has not ended nor been lifted: it can be lifted. */
export function inForce(sanction: Sanction, now = Date.now()): boolean {
  if (sanction.lifted_at !== null) return false;
  if (sanction.kind !== 'mute' && sanction.kind !== 'ban') return false;
  const { until } = sanction;
  return until === null || isForever(until) || Date.parse(until) > now;
}

/** When a sanction ends: for good, at once (warn, kick), or its end. */
function untilText(sanction: Sanction): string {
  if (sanction.until !== null && !isForever(sanction.until)) return formatWhen(sanction.until);
  return sanction.kind === 'ban' ? T.forGood : T.atOnce;
}

/** What the table hands its cells (`meta`). */
interface SanctionsTableMeta {
  onLift: (sanction: Sanction) => void;
}

/** Defined once: a new cell function each render would mount every cell afresh. */
const sanctionColumns = [
  column.accessor('target', {
    header: T.who,
    cell: (c) => <span className="admin-strong">{c.getValue()}</span>,
  }),
  column.accessor('kind', { header: T.kind, cell: (c) => sanctionLabels[c.getValue()] }),
  column.accessor('at', { header: T.at, cell: (c) => formatWhen(c.getValue()) }),
  column.accessor('until', {
    header: T.until,
    cell: (c) =>
      c.row.original.lifted_at
        ? `${T.lifted} ${formatWhen(c.row.original.lifted_at)}`
        : untilText(c.row.original),
  }),
  column.accessor('reason', { header: T.reason }),
  column.accessor('by', { header: T.by }),
  column.display({
    id: 'lift',
    header: T.actions,
    cell: (c) =>
      inForce(c.row.original) && (
        <button
          type="button"
          className="button button--secondary admin-button--small"
          onClick={() => (c.table.options.meta as SanctionsTableMeta).onLift(c.row.original)}
        >
          {T.lift}
          <span className="visually-hidden"> {T.forName(c.row.original.target)}</span>
        </button>
      ),
  }),
];

/** The mutes and bans in force (or every sanction, past ones too), each with Lift. */
export function SanctionsTable() {
  const [filter, setFilter] = useState<SanctionsFilter>({ active: '1', page: 1, page_size: 10 });
  const sanctions = useSanctions(filter);
  const dialogs = useDialogs();
  const { liftSanction } = useAdminMutations();

  const lift = async (sanction: Sanction) => {
    const yes = await dialogs.confirm({
      title: T.liftTitle(sanctionNouns[sanction.kind], sanction.target),
      message: T.liftMessage,
      confirmLabel: T.lift,
    });
    if (yes) await toastResult(liftSanction.mutateAsync(sanction.id));
  };

  const table = useServerTable({
    data: sanctions.data?.rows ?? NO_ROWS,
    columns: sanctionColumns,
    meta: { onLift: (sanction) => void lift(sanction) } satisfies SanctionsTableMeta,
    getRowId: (row) => String(row.id),
    enableSorting: false,
  });

  return (
    <section className="admin-section" aria-labelledby="admin-sanctions-title">
      <div className="admin-section__head">
        <h2 id="admin-sanctions-title" className="admin-section__title">
          {T.sanctions}
        </h2>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={filter.active === '0'}
            onChange={(e) =>
              setFilter((f) => ({ ...f, active: e.target.checked ? '0' : '1', page: 1 }))
            }
          />
          {T.showAllSanctions}
        </label>
      </div>
      <DataTable
        table={table}
        label={filter.active === '1' ? T.sanctionsInForce : T.sanctionsAll}
        query={sanctions}
        empty={T.noSanctions}
      />
      <Pager
        page={filter.page}
        pageSize={filter.page_size}
        total={sanctions.data?.total}
        onPage={(page) => setFilter((f) => ({ ...f, page }))}
        onPageSize={(page_size) => setFilter((f) => ({ ...f, page_size, page: 1 }))}
      />
    </section>
  );
}
