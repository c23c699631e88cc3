import { useId, type ReactNode } from 'react';
import './forms.css';

/** What the control inside a {@link FieldFrame} must carry to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: string;
  error?: string | null;
  hint?: string;
  /** Shown after the label, e.g. "(optional)". */
  labelSuffix?: string;
  /** Renders the control (a select, a textarea) with the ids that tie it to its label. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The ids that tie a control to its hint and error, and its `aria-describedby`. */
export function useFieldIds(error: string | null | undefined, hint: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return { id, hintId, errorId, describedBy: describedBy || undefined };
}

/** A field's hint (while it has no error) and its error, under the control. */
export function FieldNotes({
  hint,
  error,
  hintId,
  errorId,
}: {
  hint?: string;
  error?: string | null;
  hintId: string;
  errorId: string;
}) {
  return (
    <>
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          <span aria-hidden="true" className="field__error-icon">
            !
          </span>
          {error}
        </p>
      )}
    </>
  );
}

/**
 * The label, hint and error around a form control other than a one-line input (`TextField`):
 * the error is announced on focus through `aria-describedby`.
 */
export function FieldFrame({ label, error, hint, labelSuffix, children }: FieldFrameProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {labelSuffix && <span className="field__label-suffix"> {labelSuffix}</span>}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
