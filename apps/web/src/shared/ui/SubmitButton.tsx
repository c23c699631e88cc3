import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './forms.css';

export interface SubmitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** While true the button is disabled and shows a spinner with `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}

/** A form's submit button that is disabled, with a spinner, while its request runs (SPEC §4). */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className = 'button button--primary',
  type = 'submit',
  disabled,
  ...rest
}: SubmitButtonProps) {
  return (
    <button
      type={type}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
