import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../../shared/api/client.ts';
import { notifySuccess } from '../../shared/toast/toast.ts';
import { FormAlert } from '../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { AdminUiText as T } from './texts.ts';

/** Where a form keeps the server's refusal (react-hook-form's root errors). */
export const SERVER_ERROR = 'root.server';

/**
 * Sends a console form: the server's answer is a toast and `done` runs; a refusal stays in the
 * form, above its buttons, in the server's words.
 */
export async function sendForm<V extends FieldValues>(
  request: Promise<string>,
  setError: UseFormSetError<V>,
  done: () => void,
): Promise<void> {
  try {
    notifySuccess(await request);
    done();
  } catch (error) {
    setError(SERVER_ERROR, { message: errorMessage(error) });
  }
}

export interface FormFooterProps {
  /** The server's refusal, if any. */
  serverError: string | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Shows Cancel (the dialogs); the inline form has none. */
  onCancel?: () => void;
}

/** A console form's end: the server's refusal, then Cancel and the submit button. */
export function FormFooter({ serverError, busy, label, busyLabel, onCancel }: FormFooterProps) {
  return (
    <>
      {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
      <div className={onCancel ? 'dialog__actions' : 'admin-form__actions'}>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {T.cancel}
          </button>
        )}
        <SubmitButton busy={busy} busyLabel={busyLabel}>
          {label}
        </SubmitButton>
      </div>
    </>
  );
}
