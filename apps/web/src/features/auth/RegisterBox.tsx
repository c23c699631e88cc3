import { AppRoute, AuthText } from '@atrium/protocol';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { inFlight } from '../../shared/api/inFlight.ts';
import { notifyError } from '../../shared/toast/toast.ts';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../../shared/ui/formErrors.ts';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import { BoxHeading } from './BoxHeading.tsx';
import { validateRegistration, type RegisterField } from './registerValidation.ts';
import { AuthWebText } from '../../shared/auth/texts.ts';
import { AuthAction, useRegister } from '../../shared/auth/useAuth.ts';

const emptyForm: Record<RegisterField, string> = {
  username: '',
  email: '',
  password: '',
  repeat_password: '',
  first_name: '',
  last_name: '',
};

export interface RegisterBoxProps {
  focusOnMount: boolean;
}

/** SPEC §2 "Register": a registration form that switches to a confirmation on success. */
export function RegisterBox({ focusOnMount }: RegisterBoxProps) {
  const register = useRegister();
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [pending, setPending] = useState(false);
  const [registered, setRegistered] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as RegisterField;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, errors: found } = validateRegistration(values);
    if (!data || hasErrors(found)) {
      flushSync(() => setErrors(found));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    void inFlight.run(AuthAction.register, async () => {
      setPending(true);
      try {
        // The registered box shows the server's confirmation; a toast would say it twice.
        await register.mutateAsync(data);
        setRegistered(true);
      } catch (error) {
        // SPEC §8: a failed answer's message is an error toast, and only there.
        notifyError(errorMessage(error));
      } finally {
        setPending(false);
      }
    });
  };

  if (registered) {
    return (
      <section className="account-box account-box--centered" aria-labelledby="registered-title">
        <span className="account-box__icon account-box__icon--success" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor">
            <rect x="3" y="5" width="18" height="14" rx="2" strokeWidth="2" />
            <path d="m4 7 8 6 8-6" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <BoxHeading id="registered-title" focusOnMount>
          {AuthWebText.registeredTitle}
        </BoxHeading>
        <p className="account-card__intro" role="status">
          {AuthText.registered}
        </p>
        <Link className="button button--primary button--block" to={AppRoute.home}>
          {AuthWebText.backToLogin}
        </Link>
      </section>
    );
  }

  const field = (name: RegisterField) => ({
    name,
    value: values[name],
    onChange: handleChange,
    error: errors[name],
  });

  return (
    <section className="account-box" aria-labelledby="register-title">
      <BoxHeading id="register-title" focusOnMount={focusOnMount}>
        {AuthWebText.registerTitle}
      </BoxHeading>
      <p className="account-card__intro">{AuthWebText.registerIntro}</p>
      <form ref={formRef} className="account-form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={AuthWebText.username}
          labelSuffix={AuthWebText.optional}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={AuthWebText.registerUsernameHint}
          {...field('username')}
        />
        <TextField
          label={AuthWebText.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          {...field('email')}
        />
        <div className="account-form__row">
          <TextField
            label={AuthWebText.password}
            type="password"
            autoComplete="new-password"
            hint={AuthWebText.passwordHint}
            required
            {...field('password')}
          />
          <TextField
            label={AuthWebText.repeatPassword}
            type="password"
            autoComplete="new-password"
            required
            {...field('repeat_password')}
          />
        </div>
        <div className="account-form__row">
          <TextField
            label={AuthWebText.firstName}
            labelSuffix={AuthWebText.optional}
            type="text"
            autoComplete="given-name"
            {...field('first_name')}
          />
          <TextField
            label={AuthWebText.lastName}
            labelSuffix={AuthWebText.optional}
            type="text"
            autoComplete="family-name"
            {...field('last_name')}
          />
        </div>
        <SubmitButton
          className="button button--primary button--block"
          busy={pending}
          busyLabel={AuthWebText.creating}
        >
          {AuthWebText.createAccountSubmit}
        </SubmitButton>
      </form>
      <p className="account-card__footer">
        {AuthWebText.haveAccount} <Link to={AppRoute.home}>{AuthWebText.logIn}</Link>
      </p>
    </section>
  );
}
