import {
  AdminText,
  POPUP_ALLOWLIST_DEFAULT,
  PopupAllowEntrySchema,
  PopupAllowlistSchema,
} from '@atrium/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { useDialogs } from '../../../shared/dialogs/useDialogs.ts';
import { notifySuccess } from '../../../shared/toast/toast.ts';
import { FormAlert } from '../../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { issueMessage } from '../schemaResolver.ts';
import { ContentSection, WhenLoaded } from './ContentSection.tsx';
import { ContentText as T } from './texts.ts';
import { useAllowlist, useContentSaves } from './useContent.ts';

interface Row {
  id: number;
  origin: string;
}

/** Each row's problem by row id, in the words of the contract's `PopupAllowEntrySchema`. */
function rowProblems(rows: readonly Row[]): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const row of rows) {
    const issue = PopupAllowEntrySchema.safeParse(row.origin.trim()).error?.issues[0];
    if (issue) problems[row.id] = issueMessage(issue);
  }
  return problems;
}

/**
 * The allowlist being edited: one origin a row, added and removed here, or reset to the
 * starting list; Save replaces the stored list. Empty rows are left out.
 */
function AllowlistForm({ saved }: { saved: readonly string[] }) {
  const listId = useId();
  const nextId = useRef(saved.length);
  const toRows = (origins: readonly string[]) =>
    origins.map((origin) => ({ id: nextId.current++, origin }));
  const [rows, setRows] = useState<Row[]>(() => saved.map((origin, id) => ({ id, origin })));
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const focusNext = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const { saveAllowlist } = useContentSaves();
  const dialogs = useDialogs();

  useEffect(() => {
    const selector = focusNext.current;
    if (!selector) return;
    focusNext.current = null;
    (formRef.current?.querySelector<HTMLElement>(selector) ?? addRef.current)?.focus();
  }, [rows]);

  const edit = (id: number, origin: string) => {
    setRows((list) => list.map((row) => (row.id === id ? { ...row, origin } : row)));
    setProblems(({ [id]: _, ...rest }) => rest);
  };
  const add = () => {
    const id = nextId.current++;
    focusNext.current = `[data-origin="${id}"]`;
    setRows((list) => [...list, { id, origin: '' }]);
  };
  const remove = (index: number) => {
    const next = rows[index + 1] ?? rows[index - 1];
    focusNext.current = next ? `[data-remove="${next.id}"]` : null;
    setRows(rows.filter((_, i) => i !== index));
    if (!next) addRef.current?.focus();
  };
  const reset = async () => {
    const confirmed = await dialogs.confirm({
      title: T.resetOriginsTitle,
      message: T.resetOriginsText(POPUP_ALLOWLIST_DEFAULT.join(', ')),
      confirmLabel: T.resetOrigins,
    });
    if (!confirmed) return;
    setRows(toRows(POPUP_ALLOWLIST_DEFAULT));
    setProblems({});
    setProblem(null);
  };

  const save = async () => {
    const kept = rows.filter((row) => row.origin.trim() !== '');
    const found = rowProblems(kept);
    setProblems(found);
    const first = kept.find((row) => found[row.id]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[data-origin="${first.id}"]`)?.focus();
      return;
    }
    const origins = kept.map((row) => row.origin.trim());
    const listIssue = PopupAllowlistSchema.safeParse(origins).error?.issues[0];
    if (listIssue) {
      setProblem(issueMessage(listIssue));
      return;
    }
    if (JSON.stringify(origins) === JSON.stringify(saved)) {
      setProblem(AdminText.nothingToUpdate);
      return;
    }
    try {
      setRows(toRows(await saveAllowlist.mutateAsync(origins)));
      setProblem(null);
      notifySuccess(T.saved);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <form
      ref={formRef}
      className="content-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset className="content-origins">
        <legend className="field__label">{T.origins}</legend>
        <p className="field__hint">{T.originHint}</p>
        {rows.length === 0 ? (
          <p className="admin-muted">{T.noOrigins}</p>
        ) : (
          <ol className="content-origins__list">
            {rows.map((row, index) => {
              const inputId = `${listId}-${row.id}`;
              const error = problems[row.id];
              return (
                <li key={row.id} className="content-origins__row">
                  <label className="visually-hidden" htmlFor={inputId}>
                    {T.origin(index + 1)}
                  </label>
                  <input
                    id={inputId}
                    data-origin={row.id}
                    className="field__input"
                    value={row.origin}
                    placeholder="https://example.org"
                    inputMode="url"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                    onChange={(e) => edit(row.id, e.target.value)}
                  />
                  <button
                    type="button"
                    className="button button--secondary admin-button--small"
                    data-remove={row.id}
                    onClick={() => remove(index)}
                  >
                    {T.remove}
                    <span className="visually-hidden"> {row.origin || T.origin(index + 1)}</span>
                  </button>
                  {error && (
                    <p id={`${inputId}-error`} className="field__error content-origins__error">
                      <span aria-hidden="true" className="field__error-icon">
                        !
                      </span>
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        <div className="admin-form__actions">
          <button ref={addRef} type="button" className="button button--secondary" onClick={add}>
            {T.addOrigin}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void reset()}>
            {T.resetOrigins}
          </button>
        </div>
      </fieldset>
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      <div>
        <SubmitButton busy={saveAllowlist.isPending} busyLabel={T.saving}>
          {T.save}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The sites the pop-up browser may open for a class. */
export function AllowlistSection({ id }: { id: string }) {
  const allowlist = useAllowlist();
  return (
    <ContentSection id={id} title={T.allowlist} intro={T.allowlistIntro}>
      <WhenLoaded query={allowlist} failed={T.allowlistFailed}>
        {(origins) => <AllowlistForm saved={origins} />}
      </WhenLoaded>
    </ContentSection>
  );
}
