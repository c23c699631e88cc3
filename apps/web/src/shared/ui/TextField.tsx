import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
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
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {/* After the input in the tab order, though shown beside the label. */}
      {labelAside && <div className="field__aside">{labelAside}</div>}
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
    </div>
  );
}
