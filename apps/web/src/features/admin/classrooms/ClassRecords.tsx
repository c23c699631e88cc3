import {
  CLASSROOM_ROOMS,
  ClassroomSettingsSchema,
  type ClassroomRoom,
  type ClassSession,
} from '@atrium/protocol';
import { createColumnHelper, type CellContext } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/client.ts';
import { notifyError, notifySuccess } from '../../../shared/toast/toast.ts';
import { FormAlert } from '../../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../../shared/ui/TextField.tsx';
import { useClientPages, useClientTable } from '../clientTable.ts';
import { classLabel } from '../dashboard/format.ts';
import { LoadProblem } from '../dashboard/LoadProblem.tsx';
import { DataTable } from '../DataTable.tsx';
import { formatWhen } from '../format.ts';
import { Pager } from '../Pager.tsx';
import { schemaResolver } from '../schemaResolver.ts';
import { Toggle } from '../Toggle.tsx';
import { ClassroomsText as T } from './texts.ts';
import {
  useClassroomMutations,
  useClassSessions,
  useRecordCsv,
  useRecordRetention,
} from './useClassrooms.ts';

const NO_SESSIONS: ClassSession[] = [];
const column = createColumnHelper<ClassSession>();

interface RecordsMeta {
  downloading: string | null;
  download: (session: ClassSession) => void;
}

/** Download CSV, busy while its file comes (not `disabled`: focus would drop to the page). */
function DownloadCell(c: CellContext<ClassSession, unknown>) {
  const meta = c.table.options.meta as RecordsMeta;
  const session = c.row.original;
  const busy = meta.downloading === session.id;
  return (
    <button
      type="button"
      className="button button--secondary admin-button--small"
      aria-disabled={busy || undefined}
      onClick={() => !busy && meta.download(session)}
    >
      {busy ? T.downloading : T.download}
      <span className="visually-hidden"> {T.downloadFor(formatWhen(session.startedAt))}</span>
    </button>
  );
}

const columns = [
  column.accessor('startedAt', {
    header: T.started,
    cell: (c) => <time dateTime={c.getValue()}>{formatWhen(c.getValue())}</time>,
  }),
  column.accessor('endedAt', {
    header: T.ended,
    cell: (c) => {
      const ended = c.getValue();
      return ended ? <time dateTime={ended}>{formatWhen(ended)}</time> : T.running;
    },
  }),
  column.accessor('people', { header: T.participants }),
  column.display({ id: 'download', header: T.download, cell: DownloadCell }),
];

const roomOptions = CLASSROOM_ROOMS.map((room) => ({ value: room, label: classLabel(room) }));

const retentionResolver = schemaResolver(
  ClassroomSettingsSchema,
  (values: { days: string }) => ({
    record_retention_days: values.days.trim() === '' ? Number.NaN : Number(values.days),
  }),
  { fieldOf: () => 'days' },
);

/** How many days records are kept, checked with the contract's `ClassroomSettingsSchema`. */
function RetentionForm({ days }: { days: number }) {
  const { saveRetention } = useClassroomMutations();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: retentionResolver,
    defaultValues: { days: String(days) },
  });
  const onValid = handleSubmit(async ({ record_retention_days }) => {
    try {
      const saved = await saveRetention.mutateAsync(record_retention_days);
      reset({ days: String(saved.record_retention_days) });
      notifySuccess(T.saved);
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  });
  const serverError = formState.errors.root?.server?.message;
  return (
    <form className="classroom-retention" noValidate onSubmit={(e) => void onValid(e)}>
      <TextField
        label={T.retention}
        labelSuffix={`(${T.retentionUnit})`}
        hint={T.retentionHint}
        type="number"
        inputMode="numeric"
        min={1}
        max={3650}
        step={1}
        className="classroom-retention__input"
        error={formState.errors.days?.message}
        {...register('days')}
      />
      {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
      <div>
        <SubmitButton busy={formState.isSubmitting} busyLabel={T.saving}>
          {T.save}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The class records: a classroom's sessions, newest first, each downloadable as CSV. */
export function ClassRecords() {
  const titleId = useId();
  const [room, setRoom] = useState<ClassroomRoom>('room-1');
  const sessions = useClassSessions(room);
  const pages = useClientPages(sessions.data?.length);
  const retention = useRecordRetention();
  const downloadCsv = useRecordCsv();
  const [downloading, setDownloading] = useState<string | null>(null);
  const rows = sessions.data ?? NO_SESSIONS;

  const download = async (session: ClassSession) => {
    setDownloading(session.id);
    try {
      await downloadCsv(room, session);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  };

  const table = useClientTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    meta: { downloading, download: (s) => void download(s) } satisfies RecordsMeta,
    state: { pagination: pages.pagination },
  });

  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <div className="classrooms__lead">
        <h2 id={titleId} className="admin-section__title">
          {T.records}
        </h2>
        <p className="admin-muted">{T.recordsIntro}</p>
      </div>
      <Toggle
        label={T.room}
        options={roomOptions}
        value={room}
        onChange={(next) => {
          setRoom(next);
          pages.toFirst();
        }}
      />
      <DataTable
        table={table}
        label={T.sessions(classLabel(room))}
        query={sessions}
        empty={T.noRecords}
      />
      <Pager {...pages.pager} />
      {retention.isError && (
        <LoadProblem
          message={T.retentionFailed}
          error={retention.error}
          retryLabel={T.retry}
          onRetry={() => retention.refetch()}
        />
      )}
      {retention.data && <RetentionForm days={retention.data.record_retention_days} />}
    </section>
  );
}
