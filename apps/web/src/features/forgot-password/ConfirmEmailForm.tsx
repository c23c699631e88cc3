import { AuthText, EmailSchema } from '@atrium/protocol';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { errorMessage } from '../../shared/api/client.ts';
import { delay, inFlight } from '../../shared/api/inFlight.ts';
import { notifyError } from '../../shared/toast/toast.ts';
import { FormAlert } from '../../shared/ui/FormAlert.tsx';
import { focusFirstInvalid } from '../../shared/ui/formErrors.ts';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import { AuthWebText } from '../../shared/auth/texts.ts';
import { FORGOT_SUBMIT_DELAY_MS } from '../../shared/auth/timing.ts';
import { AuthAction, useForgotPassword } from '../../shared/auth/useAuth.ts';

export interface ConfirmEmailFormProps {
  /** Called when a submission starts, so the page can clear an older notice. */
  onSubmitStart: () => void;
}

/** SPEC §2: the forgot page without a token asks for the account's email. */
export function ConfirmEmailForm({ onSubmitStart }: ConfirmEmailFormProps) {
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setEmail(event.target.value);
    setFieldError(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      flushSync(() => setFieldError(parsed.error.issues[0]?.message ?? AuthText.invalidToken));
      focusFirstInvalid(formRef.current);
      return;
    }
    // SPEC §5: a second submission is ignored while one is in progress; sending waits 2 s.
    void inFlight.run(AuthAction.forgot, async () => {
      onSubmitStart();
      setPending(true);
      setResult(null);
      try {
        await delay(FORGOT_SUBMIT_DELAY_MS);
        const response = await forgotPassword.mutateAsync(parsed.data);
        setResult({ ok: true, message: response.message });
      } catch (error) {
        // SPEC §8: a failed answer's message is an error toast, and only there.
        notifyError(errorMessage(error));
      } finally {
        setPending(false);
      }
    });
  };

  return (
    <section className="panel forgot-panel" aria-labelledby="confirm-email-title">
      <h2 id="confirm-email-title" className="panel__title">
        {AuthWebText.confirmEmailTitle}
      </h2>
      <p className="panel__text">{AuthWebText.confirmEmailIntro}</p>
      <form ref={formRef} className="forgot-form" onSubmit={handleSubmit} noValidate>
        {result && (
          <FormAlert tone={result.ok ? 'success' : 'error'}>
            <p>{result.message}</p>
          </FormAlert>
        )}
        <TextField
          label={AuthWebText.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          required
          value={email}
          onChange={handleChange}
          error={fieldError}
        />
        <SubmitButton busy={pending} busyLabel={AuthWebText.sending}>
          {AuthWebText.sendLink}
        </SubmitButton>
      </form>
    </section>
  );
}
