import { CommonText, ROSTER_TEMPLATE_CSV } from '@atrium/protocol';
import { useCallback, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/client.ts';
import { useDialogs } from '../../../shared/dialogs/useDialogs.ts';
import { saveBlob } from '../../../shared/saveBlob.ts';
import { FormAlert } from '../../../shared/ui/FormAlert.tsx';
import { LoadProblem } from '../dashboard/LoadProblem.tsx';
import { AdminPath } from '../paths.ts';
import { Toggle } from '../Toggle.tsx';
import { parseRoster, templateBlob, type RosterEntry } from './csv.ts';
import { RosterPreview, type RosterField } from './RosterPreview.tsx';
import { RosterUiText as T } from './texts.ts';
import { useRosterCheck, useRosterImport, type ImportProgress } from './useRoster.ts';
// The Toggle's own styles live with the moderation screens that it was made for.
import '../moderation.css';
import './roster.css';

type View = 'problems' | 'all';

// A plain link that works without script too (open in a new tab, save as); a click saves a Blob.
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(ROSTER_TEMPLATE_CSV)}`;

function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const id = useId();
  const text = T.progress(progress.done, progress.total);
  return (
    <div className="roster-progress">
      <label htmlFor={id} className="roster-progress__label">
        {T.creating}
      </label>
      <progress
        id={id}
        className="roster-progress__bar"
        max={Math.max(progress.total, 1)}
        value={progress.done}
        aria-valuetext={text}
      />
      <span className="roster-progress__text" aria-hidden="true">
        {text}
      </span>
    </div>
  );
}

/**
 * Roster import (issue 29): a CSV read in the browser, checked by the server row by row, fixed in
 * place or re-uploaded, then created at once with a progress bar as the server streams it.
 */
export function RosterPage() {
  const titleId = useId();
  const hintId = useId();
  const dialogs = useDialogs();
  const [entries, setEntries] = useState<RosterEntry[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [edited, setEdited] = useState<ReadonlySet<number>>(() => new Set());
  const [view, setView] = useState<View | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const fileRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const check = useRosterCheck(entries);
  const importer = useRosterImport();
  const running = importer.isPending;

  const handleFile = async (file: File | undefined) => {
    importer.reset();
    setEntries(null);
    setFileError(null);
    setEdited(new Set());
    setView(null);
    if (!file) return;
    setReading(true);
    try {
      const parsed = await parseRoster(await file.text());
      if (parsed.ok) setEntries(parsed.entries);
      else setFileError(parsed.message);
    } catch {
      setFileError(CommonText.unknownError);
    } finally {
      setReading(false);
    }
  };

  const handleEdit = useCallback((id: number, field: RosterField, value: string) => {
    setEntries((list) =>
      list
        ? list.map((e) => (e.id === id ? { ...e, row: { ...e.row, [field]: value } } : e))
        : list,
    );
    setEdited((set) => new Set(set).add(id));
  }, []);

  const handleRemove = useCallback((id: number) => {
    // Focus goes to the next row's Remove (else the previous one's, else the file field).
    const row = document.querySelector(`[data-roster-remove="${id}"]`)?.closest('tr');
    const near = (
      row?.nextElementSibling ?? row?.previousElementSibling
    )?.querySelector<HTMLElement>('[data-roster-remove]');
    flushSync(() => setEntries((list) => (list ? list.filter((e) => e.id !== id) : list)));
    (near ?? fileRef.current)?.focus();
  }, []);

  const problems = check.data ?? {};
  const total = entries?.length ?? 0;
  const withProblems = entries?.filter((e) => problems[e.id] !== undefined).length ?? 0;
  const checked = check.isSuccess && !check.isPlaceholderData && !check.isFetching;
  const ready = total > 0 && checked && withProblems === 0 && !running;
  const shownView: View = view ?? (withProblems > 0 ? 'problems' : 'all');
  const shown =
    shownView === 'problems'
      ? (entries ?? []).filter((e) => problems[e.id] !== undefined || edited.has(e.id))
      : (entries ?? []);

  const handleImport = async () => {
    if (!entries || !ready) return;
    const confirmed = await dialogs.confirm({
      title: T.confirmTitle(total),
      message: T.confirmMessage,
      confirmLabel: T.create(total),
    });
    if (!confirmed) return;
    try {
      await importer.mutateAsync(entries);
      setEntries(null);
      setEdited(new Set());
      setView(null);
      setFileKey((k) => k + 1);
    } catch {
      // Accounts may have appeared meanwhile: the rows are checked again.
      void check.refetch();
    }
    resultRef.current?.focus();
  };

  return (
    <section className="admin-section roster" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className="admin-section__title">
          {T.title}
        </h2>
        <p className="admin-muted">{T.intro}</p>
      </div>

      <div className="roster-file">
        <div className="field roster-file__field">
          <label className="field__label" htmlFor={`${titleId}-file`}>
            {T.file}
          </label>
          <input
            key={fileKey}
            ref={fileRef}
            id={`${titleId}-file`}
            className="roster-file__input"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={running}
            onChange={(e) => void handleFile(e.target.files?.[0])}
          />
          <p id={hintId} className="field__hint">
            {T.fileHint}
          </p>
        </div>
        <a
          className="roster-file__template"
          href={TEMPLATE_HREF}
          download={T.templateFile}
          onClick={(e) => {
            e.preventDefault();
            saveBlob(templateBlob(), T.templateFile);
          }}
        >
          {T.template}
        </a>
      </div>

      {reading && <p role="status">{T.reading}</p>}
      {fileError && <FormAlert tone="error">{fileError}</FormAlert>}

      <div ref={resultRef} tabIndex={-1} className="roster-result">
        {importer.isSuccess && (
          <FormAlert tone="success">
            {importer.data.message} <Link to={AdminPath.people}>{T.seePeople}</Link>
          </FormAlert>
        )}
        {importer.isError && <FormAlert tone="error">{errorMessage(importer.error)}</FormAlert>}
      </div>

      {entries && (
        <>
          <div className="roster-bar">
            <p role="status" className="roster-bar__summary">
              {check.isPending || check.isFetching ? T.checking : T.summary(total, withProblems)}
            </p>
            <Toggle
              label={T.show}
              options={[
                { value: 'problems', label: T.showProblems(withProblems) },
                { value: 'all', label: T.showAll(total) },
              ]}
              value={shownView}
              onChange={setView}
            />
            <button
              type="button"
              className="button button--secondary admin-button--small"
              disabled={total === 0 || check.isFetching || running}
              onClick={() => void check.refetch()}
            >
              {T.checkAgain}
            </button>
          </div>
          {check.isError && (
            <LoadProblem
              message={T.checkFailed}
              error={check.error}
              retryLabel={T.checkAgain}
              onRetry={() => check.refetch()}
            />
          )}
          {withProblems > 0 && <p className="admin-muted">{T.editHint}</p>}
          {shown.length > 0 ? (
            <RosterPreview
              entries={shown}
              problems={problems}
              edited={edited}
              readOnly={running}
              onEdit={handleEdit}
              onRemove={handleRemove}
            />
          ) : (
            <p className="admin-muted">{total === 0 ? T.noRows : T.allFixed}</p>
          )}
          <div className="roster-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!ready}
              aria-describedby={withProblems > 0 ? `${titleId}-fix` : undefined}
              onClick={() => void handleImport()}
            >
              {T.create(total)}
            </button>
            {withProblems > 0 && (
              <p id={`${titleId}-fix`} className="admin-muted">
                {T.fixFirst}
              </p>
            )}
          </div>
        </>
      )}
      {running && importer.progress && <ImportProgressBar progress={importer.progress} />}
    </section>
  );
}
