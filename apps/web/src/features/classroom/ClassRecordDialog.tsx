// Issue 28 §5: the panel's "Class record" view. Teachers and admins see everyone who took part
// in a class session (who, when, rejoins, time present, hands, poll answers) and download it as
// CSV; a student sees their own row. The server decides who sees what.
import {
  ClassroomApi,
  routePath,
  type ClassRecord,
  type ClassRecordRow,
  type ClassroomRoom,
  type ClassSession,
} from '@atrium/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { useApi } from '../../shared/api/useApi.ts';
import { notifyError } from '../../shared/toast/toast.ts';
import { saveBlob } from '../../shared/saveBlob.ts';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { ClassroomUiText as T } from './texts.ts';
import './classRecord.css';

const fresh = { staleTime: 0, gcTime: 0, retry: false } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString([], {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
const clockOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : T.stillIn;
const minutes = (seconds: number) => T.minutes(Math.round(seconds / 60));

export interface ClassRecordViewProps {
  room: ClassroomRoom;
  sessions: ClassSession[] | undefined;
  record: ClassRecord | undefined;
  sessionId: string | null;
  onPick: (id: string) => void;
  loading: boolean;
  error: unknown;
  downloading: boolean;
  onDownload: () => void;
  onClose: () => void;
}

/** The record as shown: the session picker, the table and Download CSV (no data fetching). */
export function ClassRecordView({
  room,
  sessions,
  record,
  sessionId,
  onPick,
  loading,
  error,
  downloading,
  onDownload,
  onClose,
}: ClassRecordViewProps) {
  const pickId = useId();
  return (
    <PopupShell open onDismiss={onClose} className="classroom-modal class-record" modal closeButton>
      <Dialog.Title className="dialog__title">{T.recordTitle(room)}</Dialog.Title>
      <Dialog.Description className="dialog__description">{T.recordIntro}</Dialog.Description>
      {error ? (
        <p className="class-record__error" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
      {sessions && sessions.length === 0 && <p>{T.recordNone}</p>}
      {sessions && sessions.length > 0 && (
        <div className="field">
          <label className="field__label" htmlFor={pickId}>
            {T.recordSession}
          </label>
          <select
            id={pickId}
            className="field__input classroom-select"
            value={sessionId ?? ''}
            onChange={(event) => onPick(event.target.value)}
          >
            {sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {T.recordSessionOption(
                  when(s.startedAt),
                  s.endedAt ? when(s.endedAt) : null,
                  s.people,
                )}
              </option>
            ))}
          </select>
        </div>
      )}
      {loading && (
        <p className="classroom-panel__status" role="status">
          <span className="classroom-spinner" aria-hidden="true" />
          {T.recordLoading}
        </p>
      )}
      {record && (
        <>
          <div className="class-record__scroll" tabIndex={0} aria-label={T.recordTable}>
            <table className="class-record__table">
              <caption className="visually-hidden">{T.recordTable}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.recordName}</th>
                  <th scope="col">{T.recordJoined}</th>
                  <th scope="col">{T.recordLeft}</th>
                  <th scope="col">{T.recordRejoins}</th>
                  <th scope="col">{T.recordPresent}</th>
                  <th scope="col">{T.recordHands}</th>
                  <th scope="col">{T.recordPolls}</th>
                  <th scope="col">{T.recordGroups}</th>
                </tr>
              </thead>
              <tbody>
                {record.rows.map((row: ClassRecordRow) => (
                  <tr key={row.userId}>
                    <th scope="row">
                      {row.name}
                      {row.role !== 'member' && (
                        <span className="class-record__role"> ({T.recordRole(row.role)})</span>
                      )}
                    </th>
                    <td>{clockOf(row.firstJoinedAt)}</td>
                    <td>{clockOf(row.lastLeftAt)}</td>
                    <td>{row.rejoins}</td>
                    <td>{minutes(row.presentSeconds)}</td>
                    <td>{row.handsRaised}</td>
                    <td>
                      {row.pollAnswers.length === 0
                        ? '–'
                        : row.pollAnswers
                            .map((a) => `${a.question}: ${a.answer ?? T.recordAnonymous}`)
                            .join('; ')}
                    </td>
                    <td>
                      {row.groupSeconds.length === 0
                        ? '–'
                        : row.groupSeconds
                            .map((g) => T.recordGroupTime(g.group, minutes(g.seconds)))
                            .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--primary"
              // Not `disabled`: a focused button that turns disabled drops focus out of the dialog.
              aria-disabled={downloading || undefined}
              onClick={() => {
                if (!downloading) onDownload();
              }}
            >
              {downloading ? T.recordDownloading : T.recordDownload}
            </button>
          </div>
        </>
      )}
    </PopupShell>
  );
}

/** The view with its data: the class's sessions, the chosen one's record, and the CSV. */
export function ClassRecordDialog({ room, onClose }: { room: ClassroomRoom; onClose: () => void }) {
  const client = useApi();
  const [chosen, setChosen] = useState<string | null>(null);
  const sessions = useQuery({
    queryKey: ['class-record', 'sessions', room],
    queryFn: async () =>
      (await client.call(ClassroomApi.sessions, { params: { channel: room } })).data,
    ...fresh,
  });
  const sessionId = chosen ?? sessions.data?.[0]?.id ?? null;
  const record = useQuery({
    queryKey: ['class-record', 'record', sessionId],
    queryFn: async () =>
      (await client.call(ClassroomApi.record, { params: { id: sessionId! } })).data,
    enabled: sessionId !== null,
    ...fresh,
  });
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (!sessionId || !record.data) return;
    setDownloading(true);
    try {
      const blob = await client.blob(routePath(ClassroomApi.recordCsv, { id: sessionId }));
      saveBlob(blob, `class-record-${room}-${record.data.session.startedAt.slice(0, 10)}.csv`);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <ClassRecordView
      room={room}
      sessions={sessions.data}
      record={record.data}
      sessionId={sessionId}
      onPick={setChosen}
      loading={sessions.isPending || (sessionId !== null && record.isPending)}
      error={sessions.error ?? record.error}
      downloading={downloading}
      onDownload={() => void download()}
      onClose={onClose}
    />
  );
}
