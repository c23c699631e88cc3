import { EventFormKind, type EventSubmission } from '@atrium/protocol';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { notifyError } from '../../../shared/toast/toast.ts';
import { useClientPages, useClientTable } from '../clientTable.ts';
import { DataTable } from '../DataTable.tsx';
import { formatWhen } from '../format.ts';
import { Pager } from '../Pager.tsx';
import { Toggle } from '../Toggle.tsx';
import { FormsText as T, kindLabels } from './texts.ts';
import { useSubmissions, useSubmissionsCsv } from './useSubmissions.ts';
import './forms.css';

const NO_ROWS: EventSubmission[] = [];
const column = createColumnHelper<EventSubmission>();

const columns = [
  column.accessor('created_at', {
    header: T.at,
    cell: (c) => <time dateTime={c.getValue()}>{formatWhen(c.getValue())}</time>,
  }),
  column.accessor('vote_team', {
    header: T.team,
    cell: (c) => {
      const team = c.getValue();
      return team === null ? '' : T.teamNumber(team);
    },
  }),
  column.accessor('name', { header: T.name }),
  column.accessor('email', { header: T.email }),
  column.accessor('phone_number', { header: T.phone }),
  column.accessor('message', { header: T.message }),
];

const kindOptions = EventFormKind.options.map((kind) => ({ value: kind, label: kindLabels[kind] }));

/**
 * Forms (issue 29): the event pages' voting and record-breaking submissions. The route sends
 * every row; the table pages them here (25 a page). Export CSV downloads the kind shown.
 */
export function FormsPage() {
  const titleId = useId();
  const [kind, setKind] = useState<EventFormKind>('voting');
  const submissions = useSubmissions(kind);
  const pages = useClientPages(submissions.data?.length);
  const downloadCsv = useSubmissionsCsv();
  const [exporting, setExporting] = useState(false);
  const rows = submissions.data ?? NO_ROWS;

  const table = useClientTable({
    data: rows,
    columns,
    getRowId: (row) => String(row.id),
    state: { pagination: pages.pagination, columnVisibility: { vote_team: kind === 'voting' } },
  });

  const handleExport = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      await downloadCsv(kind);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="admin-section forms" aria-labelledby={titleId}>
      <div className="admin-section__head">
        <div className="forms__lead">
          <h2 id={titleId} className="admin-section__title">
            {T.title}
          </h2>
          <p className="admin-muted">{T.intro}</p>
        </div>
        <button
          type="button"
          className="button button--secondary"
          aria-busy={exporting || undefined}
          onClick={() => void handleExport()}
        >
          {exporting ? T.exporting : T.exportCsv}
        </button>
      </div>
      <Toggle
        label={T.kind}
        options={kindOptions}
        value={kind}
        onChange={(next) => {
          setKind(next);
          pages.toFirst();
        }}
      />
      <DataTable
        table={table}
        label={T.submissions(kindLabels[kind])}
        query={submissions}
        empty={T.empty}
      />
      <Pager {...pages.pager} />
    </section>
  );
}
