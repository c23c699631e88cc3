import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  ReportCreateSchema,
  reportReasonLabels,
} from '@atrium/protocol';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../api/client.ts';
import { notifySuccess } from '../toast/toast.ts';
import { FieldFrame } from '../ui/FieldFrame.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { ReportText as T } from './texts.ts';
import { useReport } from './useReport.ts';

/** Whom a report is about, and where: the chat room and message, when there is one. */
export interface ReportSubject {
  username: string;
  room?: string;
  message_id?: number;
}

export interface ReportFormProps extends ReportSubject {
  /** Sent (true) or cancelled (false). */
  onDone: (sent: boolean) => void;
  /** Puts focus on the first reason when shown (the form is not in a dialog that does it). */
  autoFocus?: boolean;
}

/**
 * A reason and an optional note about a person (issue 29), checked with the contract's
 * `ReportCreateSchema`; the server's thanks is a toast, its refusal stays in the form.
 */
export function ReportForm({ username, room, message_id, onDone, autoFocus }: ReportFormProps) {
  const legendId = useId();
  const firstReason = useRef<HTMLInputElement | null>(null);
  const report = useReport();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ReportCreateSchema),
    // The subject rides along unshown; the schema checks it with the reason and the note.
    defaultValues: { username, room, message_id, note: '' },
  });
  useEffect(() => {
    if (autoFocus) firstReason.current?.focus();
  }, [autoFocus]);

  const onValid = handleSubmit(async (body) => {
    try {
      notifySuccess(await report.mutateAsync(body));
      onDone(true);
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  });
  const reasonError = formState.errors.reason?.message;
  const serverError = formState.errors.root?.server?.message ?? formState.errors.username?.message;
  const { ref: reasonRef, ...reason } = register('reason');
  return (
    <form className="report-form" onSubmit={(e) => void onValid(e)} noValidate>
      <fieldset
        className="report-form__reasons"
        aria-labelledby={legendId}
        aria-describedby={reasonError ? `${legendId}-error` : undefined}
      >
        <legend id={legendId} className="field__label">
          {T.reason}
        </legend>
        {REPORT_REASONS.map((value, index) => (
          <label key={value} className="report-form__reason">
            <input
              type="radio"
              value={value}
              aria-invalid={reasonError ? true : undefined}
              {...reason}
              ref={(element) => {
                reasonRef(element);
                if (index === 0) firstReason.current = element;
              }}
            />
            {reportReasonLabels[value]}
          </label>
        ))}
        {reasonError && (
          <p id={`${legendId}-error`} className="field__error">
            {reasonError}
          </p>
        )}
      </fieldset>
      <FieldFrame
        label={T.note}
        labelSuffix={T.optional}
        hint={T.noteHint(REPORT_NOTE_MAX)}
        error={formState.errors.note?.message}
      >
        {(control) => (
          <textarea
            className="field__input report-form__note"
            rows={3}
            maxLength={REPORT_NOTE_MAX}
            {...control}
            {...register('note')}
          />
        )}
      </FieldFrame>
      {serverError && <FormAlert tone="error">{serverError}</FormAlert>}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          {T.cancel}
        </button>
        <SubmitButton busy={formState.isSubmitting} busyLabel={T.sending}>
          {T.send}
        </SubmitButton>
      </div>
    </form>
  );
}
