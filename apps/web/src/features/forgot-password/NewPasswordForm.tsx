import { AuthText, RecoverPasswordRequestSchema } from '@atrium/protocol';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { errorMessage } from '../../shared/api/client.ts';
import { delay, inFlight } from '../../shared/api/inFlight.ts';
import { notifyError } from '../../shared/toast/toast.ts';
import { FormAlert } from '../../shared/ui/FormAlert.tsx';
import {
  fieldErrorsFromIssues,
  focusFirstInvalid,
  type FieldErrors,
} from '../../shared/ui/formErrors.ts';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import { AuthWebText } from '../../shared/auth/texts.ts';
import { FORGOT_SUBMIT_DELAY_MS } from '../../shared/auth/timing.ts';
import { AuthAction, useRecoverPassword } from '../../shared/auth/useAuth.ts';

type PasswordField = 'new_password' | 'repeat_new_password';

export interface NewPasswordFormProps {
  token: string;
  /** Called with the server's message after the password was changed. */
  onReset: (message: string) => void;
}

/** SPEC §2: the forgot page with a token asks for a new password and its confirmation. */
export function NewPasswordForm({ token, onReset }: NewPasswordFormProps) {
  const recoverPassword = useRecoverPassword();
  const [values, setValues] = useState({ new_password: '', repeat_new_password: '' });
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as PasswordField;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (found: FieldErrors<PasswordField>) => {
    flushSync(() => setErrors(found));
    focusFirstInvalid(formRef.current);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: a mismatch is reported and nothing is sent.
    if (values.new_password !== values.repeat_new_password) {
      showErrors({ repeat_new_password: AuthText.passwordMismatch });
      return;
    }
    const parsed = RecoverPasswordRequestSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      const found = fieldErrorsFromIssues<PasswordField | 'token'>(parsed.error.issues);
      if (found.token) setFormError(AuthText.invalidToken);
      showErrors({
        new_password: found.new_password,
        repeat_new_password: found.repeat_new_password,
      });
      return;
    }
    void inFlight.run(AuthAction.recover, async () => {
      setPending(true);
      setFormError(null);
      try {
        await delay(FORGOT_SUBMIT_DELAY_MS);
        const response = await recoverPassword.mutateAsync(parsed.data);
        onReset(response.message);
      } catch (error) {
        // SPEC §8: a failed answer's message is an error toast, and only there.
        notifyError(errorMessage(error));
        setPending(false);
      }
    });
  };

  return (
    <section className="panel forgot-panel" aria-labelledby="new-password-title">
      <h2 id="new-password-title" className="panel__title">
        {AuthWebText.newPasswordTitle}
      </h2>
      <p className="panel__text">{AuthWebText.newPasswordIntro}</p>
      <form ref={formRef} className="forgot-form" onSubmit={handleSubmit} noValidate>
        {formError && (
          <FormAlert tone="error">
            <p>{formError}</p>
          </FormAlert>
        )}
        <TextField
          label={AuthWebText.newPassword}
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint={AuthWebText.passwordHint}
          required
          value={values.new_password}
          onChange={handleChange}
          error={errors.new_password}
        />
        <TextField
          label={AuthWebText.confirmPassword}
          name="repeat_new_password"
          type="password"
          autoComplete="new-password"
          required
          value={values.repeat_new_password}
          onChange={handleChange}
          error={errors.repeat_new_password}
        />
        <SubmitButton busy={pending} busyLabel={AuthWebText.sending}>
          {AuthWebText.changePassword}
        </SubmitButton>
      </form>
    </section>
  );
}
