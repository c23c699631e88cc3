import { CONTACT_FIELDS, EventsText, firstMissingContactField } from '@atrium/protocol';
import type { ContactField, ContactValues } from '@atrium/protocol';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { FormAlert } from '../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import type { SubmitResult } from './formApi.ts';
import { EventsWebText } from './texts.ts';

const empty: ContactValues = { name: '', email: '', phone_number: '', message: '' };

const fieldProps: Record<
  ContactField,
  { label: string; type: string; autoComplete: string; inputMode?: 'email' | 'tel' }
> = {
  name: { label: EventsWebText.name, type: 'text', autoComplete: 'name' },
  email: { label: EventsWebText.email, type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone_number: { label: EventsWebText.phone, type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  message: { label: EventsText.messageLabel, type: 'text', autoComplete: 'off' },
};

/** The server's required-field texts, so its answer marks the same field as the form would. */
const fieldOfText = new Map<string, ContactField>(
  CONTACT_FIELDS.map((field) => {
    const values = {
      ...empty,
      name: 'x',
      email: 'x',
      phone_number: 'x',
      message: 'x',
      [field]: '',
    };
    return [firstMissingContactField(values)?.message ?? '', field];
  }),
);

export interface ContactFormProps {
  submitLabel: string;
  /** Sends the trimmed values; resolves with the answer to show. */
  onSubmit: (values: ContactValues) => Promise<SubmitResult>;
  /** Called with a success's message. */
  onDone: (message: string) => void;
  /** Above the fields (the chosen team). */
  before?: ReactNode;
}

/**
 * SPEC §2/§5's contact form: values trimmed; the first empty field (name, email, phone, loyalty
 * card number) shows its text and takes the focus; no format checks. A failure the server
 * answers for a field marks that field; any other failure shows above the fields.
 */
export function ContactForm({ submitLabel, onSubmit, onDone, before }: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(empty);
  const [fieldError, setFieldError] = useState<{ field: ContactField; message: string } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | null>>>({});
  const alertRef = useRef<HTMLDivElement>(null);

  const showFieldError = (field: ContactField, message: string) => {
    // Rendered before the focus moves, so a screen reader reads the error with the label.
    flushSync(() => setFieldError({ field, message }));
    inputs.current[field]?.focus();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = Object.fromEntries(
      CONTACT_FIELDS.map((field) => [field, values[field].trim()]),
    ) as ContactValues;
    setFailure(null);
    const missing = firstMissingContactField(trimmed);
    if (missing) {
      showFieldError(missing.field, missing.message);
      return;
    }
    setFieldError(null);
    setBusy(true);
    const result = await onSubmit(trimmed);
    setBusy(false);
    if (result.ok) {
      onDone(result.message);
      return;
    }
    const field = fieldOfText.get(result.message);
    if (field) {
      showFieldError(field, result.message);
      return;
    }
    flushSync(() => setFailure(result.message));
    alertRef.current?.focus();
  };

  return (
    <form className="event-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
      {before}
      {failure && (
        <div ref={alertRef} tabIndex={-1} className="event-form__failure">
          <FormAlert tone="error">
            <p>{failure}</p>
          </FormAlert>
        </div>
      )}
      {CONTACT_FIELDS.map((field) => (
        <TextField
          key={field}
          ref={(el) => {
            inputs.current[field] = el;
          }}
          name={field}
          label={fieldProps[field].label}
          type={fieldProps[field].type}
          autoComplete={fieldProps[field].autoComplete}
          inputMode={fieldProps[field].inputMode}
          spellCheck={false}
          maxLength={field === 'message' ? 200 : field === 'email' ? 254 : 120}
          value={values[field]}
          error={fieldError?.field === field ? fieldError.message : null}
          onChange={(e) => {
            const value = e.target.value;
            setValues((v) => ({ ...v, [field]: value }));
            if (fieldError?.field === field) setFieldError(null);
          }}
        />
      ))}
      <SubmitButton busy={busy} busyLabel={EventsWebText.sending}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** The result step: the server's message, focused so it is read at once. */
export function ResultPanel({ title, message }: { title: string; message: string }) {
  return (
    <section className="panel event-result" aria-labelledby="event-result-title">
      <span className="event-result__badge" aria-hidden="true">
        ✓
      </span>
      <h2 id="event-result-title" className="panel__title" tabIndex={-1} ref={(el) => el?.focus()}>
        {title}
      </h2>
      <p className="event-result__message" data-testid="event-result">
        {message}
      </p>
    </section>
  );
}
