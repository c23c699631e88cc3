import { reportReasonLabels, type Report } from '@atrium/protocol';
import { useState } from 'react';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { formatWhen } from './format.ts';
import { listStatus } from './ListStatus.tsx';
import { toastResult } from './notify.ts';
import { Pager } from './Pager.tsx';
import { ResolveDialog } from './ResolveDialog.tsx';
import { SanctionDialog } from './SanctionDialog.tsx';
import { Toggle } from './Toggle.tsx';
import { AdminUiText as T } from './texts.ts';
import { useAdminMutations, useReports, type ReportsFilter } from './useAdmin.ts';
import './moderation.css';

type ReportDialog = { kind: 'resolve' | 'sanction'; report: Report } | null;

interface ReportCardProps {
  report: Report;
  onAct: (dialog: ReportDialog) => void;
  onDeleteMessage: (report: Report) => void;
}

function ReportCard({ report, onAct, onDeleteMessage }: ReportCardProps) {
  return (
    <li className="admin-report" data-report={report.id}>
      <div className="admin-report__head">
        <span className="admin-badge">{reportReasonLabels[report.reason]}</span>
        <time dateTime={report.at} className="admin-muted">
          {formatWhen(report.at)}
        </time>
      </div>
      <dl className="admin-report__facts">
        <div>
          <dt>{T.target}</dt>
          <dd className="admin-strong">{report.target}</dd>
        </div>
        <div>
          <dt>{T.reporter}</dt>
          <dd>{report.reporter}</dd>
        </div>
        {report.room && (
          <div>
            <dt>{T.room}</dt>
            <dd>{report.room}</dd>
          </div>
        )}
        {report.note && (
          <div className="admin-report__wide">
            <dt>{T.note}</dt>
            <dd>{report.note}</dd>
          </div>
        )}
        {report.message !== null && (
          <div className="admin-report__wide">
            <dt>{T.message}</dt>
            <dd>
              <blockquote className="admin-quote">{report.message}</blockquote>
            </dd>
          </div>
        )}
        {report.resolution && (
          <div className="admin-report__wide">
            <dt>{T.resolution}</dt>
            <dd>{report.resolution}</dd>
          </div>
        )}
      </dl>
      {report.state === 'open' && (
        <div className="admin-report__actions">
          <button
            type="button"
            className="button button--primary admin-button--small"
            onClick={() => onAct({ kind: 'resolve', report })}
          >
            {T.resolve}
            <span className="visually-hidden"> {T.forName(report.target)}</span>
          </button>
          <button
            type="button"
            className="button button--secondary admin-button--small"
            onClick={() => onAct({ kind: 'sanction', report })}
          >
            {T.actOnTarget}
            <span className="visually-hidden">: {report.target}</span>
          </button>
          {report.message_id !== null && (
            <button
              type="button"
              className="button button--secondary admin-button--small admin-button--danger"
              onClick={() => onDeleteMessage(report)}
            >
              {T.removeMessage}
              <span className="visually-hidden"> {T.forName(report.target)}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** The reports members sent, open or resolved, newest first, each with what can be done. */
export function ReportsQueue() {
  const [filter, setFilter] = useState<ReportsFilter>({ state: 'open', page: 1, page_size: 10 });
  const reports = useReports(filter);
  const [dialog, setDialog] = useState<ReportDialog>(null);
  const rows = reports.data?.rows ?? [];
  const dialogs = useDialogs();
  const { removeMessage } = useAdminMutations();

  const deleteMessage = async (report: Report) => {
    if (report.message_id === null) return;
    const confirmed = await dialogs.confirm({
      title: T.removeMessageTitle,
      message: T.removeMessageText(report.room ?? ''),
      confirmLabel: T.removeMessage,
    });
    if (confirmed) await toastResult(removeMessage.mutateAsync(report.message_id));
  };
  return (
    <section className="admin-section" aria-labelledby="admin-reports-title">
      <div className="admin-section__head">
        <h2 id="admin-reports-title" className="admin-section__title">
          {T.reports}
        </h2>
        <Toggle
          label={T.reportsShow}
          options={[
            { value: 'open', label: T.reportsOpen },
            { value: 'resolved', label: T.reportsResolved },
          ]}
          value={filter.state}
          onChange={(state) => setFilter((f) => ({ ...f, state, page: 1 }))}
        />
      </div>
      <div aria-busy={reports.isFetching || undefined}>
        {listStatus(reports, rows.length, T.noReports) ?? (
          <ul className="admin-reports" aria-label={T.reports}>
            {rows.map((report) => (
              <ReportCard
                key={report.id}
                report={report}
                onAct={setDialog}
                onDeleteMessage={(r) => void deleteMessage(r)}
              />
            ))}
          </ul>
        )}
      </div>
      <Pager
        page={filter.page}
        pageSize={filter.page_size}
        total={reports.data?.total}
        onPage={(page) => setFilter((f) => ({ ...f, page }))}
        onPageSize={(page_size) => setFilter((f) => ({ ...f, page_size, page: 1 }))}
      />
      {dialog?.kind === 'resolve' && (
        <ResolveDialog report={dialog.report} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'sanction' && (
        <SanctionDialog
          person={{ id: dialog.report.target_id, username: dialog.report.target }}
          reportId={dialog.report.id}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
