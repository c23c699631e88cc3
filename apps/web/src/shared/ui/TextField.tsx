import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldNotes, useFieldIds } from './FieldFrame.tsx';
import './forms.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's validation error, shown under it and linked with aria-describedby. */
  error?: string | null;
  /** A short help text under the label. */
  hint?: string;
  /** Shown after the label, e.g. "(optional)". */
  labelSuffix?: string;
  /** Content shown beside the label, reached after the input (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with an optional hint and an error that screen readers hear on focus. */
export function TextField({
  label,
  error,
  hint,
  labelSuffix,
  labelAside,
  ref,
  className,
  ...input
}: TextFieldProps) {
  const { id, hintId, errorId, describedBy } = useFieldIds(error, hint);
  return (
    <div className={labelAside ? 'field field--with-aside' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {labelSuffix && <span className="field__label-suffix"> {labelSuffix}</span>}
      </label>
      <input
        ref={ref}
        id={id}
        className={className ? `field__input ${className}` : 'field__input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {/* After the input in the tab order, though shown beside the label. */}
      {labelAside && <div className="field__aside">{labelAside}</div>}
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
