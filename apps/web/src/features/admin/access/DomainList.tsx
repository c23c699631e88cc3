import { useId, useRef } from 'react';
import { AccessText as T } from './texts.ts';

export interface DomainListProps {
  domains: readonly string[];
  /** The schema's words for a listed domain, by its place, or for the whole list. */
  errors: ReadonlyArray<string | undefined>;
  listError: string | undefined;
  draft: string;
  draftError: string | null;
  onDraft: (draft: string) => void;
  /** Adds what the field holds; false when the field refused it. */
  onAdd: () => boolean;
  onRemove: (domain: string) => void;
}

/**
 * The allowed mail domains as removable chips, and a field to add more (Enter or Add). Removing
 * one moves focus to the next chip's button, or to the field when none is left.
 */
export function DomainList(props: DomainListProps) {
  const { domains, errors, listError, draft, draftError, onDraft, onAdd, onRemove } = props;
  const hintId = useId();
  const inputId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const handleRemove = (index: number, domain: string) => {
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const next = buttons[index + 1] ?? buttons[index - 1];
    onRemove(domain);
    (next ?? inputRef.current)?.focus();
  };

  return (
    <fieldset className="access-domains" aria-describedby={hintId}>
      <legend className="field__label">{T.domains}</legend>
      <p id={hintId} className="field__hint">
        {T.domainsHint}
      </p>
      {domains.length === 0 ? (
        <p className="access-domains__none">{T.noDomains}</p>
      ) : (
        <ul ref={listRef} className="access-chips" aria-label={T.domainList}>
          {domains.map((domain, index) => (
            <li
              key={domain}
              className={errors[index] ? 'access-chip access-chip--bad' : 'access-chip'}
            >
              <span className="access-chip__text">{domain}</span>
              <button
                type="button"
                className="access-chip__remove"
                aria-label={T.removeDomain(domain)}
                onClick={() => handleRemove(index, domain)}
              >
                <span aria-hidden="true">×</span>
              </button>
              {errors[index] && <span className="field__error">{errors[index]}</span>}
            </li>
          ))}
        </ul>
      )}
      {listError && <p className="field__error">{listError}</p>}
      <div className="field access-domains__add">
        <label className="field__label" htmlFor={inputId}>
          {T.newDomain}
        </label>
        <div className="access-domains__row">
          <input
            ref={inputRef}
            id={inputId}
            className="field__input"
            aria-invalid={draftError ? true : undefined}
            aria-describedby={draftError ? `${inputId}-error` : `${inputId}-hint`}
            value={draft}
            placeholder="school.example"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            onChange={(e) => onDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onAdd();
              }
            }}
          />
          <button type="button" className="button button--secondary" onClick={() => onAdd()}>
            {T.add}
          </button>
        </div>
        {draftError ? (
          <p id={`${inputId}-error`} className="field__error">
            <span aria-hidden="true" className="field__error-icon">
              !
            </span>
            {draftError}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className="field__hint">
            {T.newDomainHint}
          </p>
        )}
      </div>
    </fieldset>
  );
}
