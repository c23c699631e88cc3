import { AUDIT_ACTIONS, type AuditEntry } from '@atrium/protocol';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { notifyError } from '../../shared/toast/toast.ts';
import { DataTable, useServerTable } from './DataTable.tsx';
import { FilterSelect, SearchField } from './Filters.tsx';
import { compactChange, formatWhen } from './format.ts';
import { Pager } from './Pager.tsx';
import { auditActionLabel, AdminUiText as T } from './texts.ts';
import { useAudit, useAuditCsv, type AuditFilter } from './useAdmin.ts';
import { useSearch } from './useSearch.ts';
import './moderation.css';

const NO_ROWS: AuditEntry[] = [];
const column = createColumnHelper<AuditEntry>();

/** Before and after in one line; the whole of each opens below it. */
function ChangeCell({ entry }: { entry: AuditEntry }) {
  const before = compactChange(entry.before);
  const after = compactChange(entry.after);
  if (!before && !after) return null;
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return (
    <details className="admin-change">
      <summary className="admin-change__summary">
        <span className="admin-change__marker" aria-hidden="true" />
        <span className="admin-change__text">
          <span className="visually-hidden">{T.showChange}: </span>
          {before && <span className="admin-change__before">{before}</span>}
          {before && after && <span aria-hidden="true"> → </span>}
          {after && <span className="admin-change__after">{after}</span>}
        </span>
      </summary>
      <dl className="admin-change__full">
        {entry.before !== null && (
          <div>
            <dt>{T.before}</dt>
            <dd>
              <pre>{json(entry.before)}</pre>
            </dd>
          </div>
        )}
        {entry.after !== null && (
          <div>
            <dt>{T.after}</dt>
            <dd>
              <pre>{json(entry.after)}</pre>
            </dd>
          </div>
        )}
      </dl>
    </details>
  );
}

const columns = [
  column.accessor('at', {
    header: T.at,
    cell: (c) => <time dateTime={c.getValue()}>{formatWhen(c.getValue())}</time>,
  }),
  column.accessor('actor', { header: T.actor }),
  column.accessor('action', {
    header: T.auditAction,
    cell: (c) => auditActionLabel(c.getValue()),
  }),
  column.accessor('target', { header: T.auditTarget }),
  column.accessor('address', { header: T.address, cell: (c) => c.getValue() ?? '' }),
  column.display({
    id: 'change',
    header: T.change,
    cell: (c) => <ChangeCell entry={c.row.original} />,
  }),
];

/** The audit log: read-only, newest first, filtered by action and a search; exported as CSV. */
export function AuditPage() {
  const [filter, setFilter] = useState<Omit<AuditFilter, 'q'>>({ page: 1, page_size: 25 });
  const search = useSearch(() => setFilter((f) => ({ ...f, page: 1 })));
  const audit = useAudit({ ...filter, q: search.q });
  const downloadCsv = useAuditCsv();
  const [exporting, setExporting] = useState(false);

  const table = useServerTable({
    data: audit.data?.rows ?? NO_ROWS,
    columns,
    getRowId: (row) => String(row.id),
    enableSorting: false,
  });

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadCsv({ q: search.q, action: filter.action });
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="admin-audit-title">
      <div className="admin-section__head">
        <h2 id="admin-audit-title" className="admin-section__title">
          {T.audit}
        </h2>
        <button
          type="button"
          className="button button--secondary"
          aria-busy={exporting || undefined}
          onClick={() => void handleExport()}
        >
          {exporting ? T.exporting : T.exportCsv}
        </button>
      </div>
      <div className="admin-toolbar" role="search">
        <SearchField
          label={T.search}
          placeholder={T.searchAuditHint}
          value={search.text}
          onChange={search.setText}
        />
        <FilterSelect
          label={T.auditAction}
          anyLabel={T.anyAction}
          options={AUDIT_ACTIONS}
          optionLabel={auditActionLabel}
          value={filter.action}
          onChange={(action) => setFilter((f) => ({ ...f, page: 1, action }))}
        />
      </div>
      <DataTable table={table} label={T.audit} query={audit} empty={T.noEntries} />
      <Pager
        page={filter.page}
        pageSize={filter.page_size}
        total={audit.data?.total}
        onPage={(page) => setFilter((f) => ({ ...f, page }))}
        onPageSize={(page_size) => setFilter((f) => ({ ...f, page_size, page: 1 }))}
      />
    </section>
  );
}
