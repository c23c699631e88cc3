import type { ReactNode } from 'react';
import './forms.css';

export interface FormAlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  id?: string;
}

/**
 * A message next to a form. Errors are `role="alert"` (announced at once); success and info are
 * `role="status"` (announced politely).
 */
export function FormAlert({ tone, children, id }: FormAlertProps) {
  return (
    <div
      id={id}
      className={`form-alert form-alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <span className="form-alert__icon" aria-hidden="true">
        {tone === 'error' ? '!' : tone === 'success' ? '✓' : 'i'}
      </span>
      <div className="form-alert__body">{children}</div>
    </div>
  );
}
