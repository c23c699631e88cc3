import { AppRoute, LoginRequestSchema } from '@atrium/protocol';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { delay, inFlight } from '../../shared/api/inFlight.ts';
import { browserStorage } from '../../shared/browserStorage.ts';
import { useSessionStore } from '../../shared/session/SessionContext.tsx';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { FormAlert } from '../../shared/ui/FormAlert.tsx';
import {
  fieldErrorsFromIssues,
  focusFirstInvalid,
  type FieldErrors,
} from '../../shared/ui/formErrors.ts';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import { BoxHeading } from './BoxHeading.tsx';
import { REGISTER_PATH } from './homeBox.ts';
import { ProviderButtons } from './ProviderButtons.tsx';
import { readRememberedLogin, saveRememberedLogin } from './rememberedLogin.ts';
import { AuthWebText } from '../../shared/auth/texts.ts';
import { AuthAction, useLogin } from '../../shared/auth/useAuth.ts';
import { useGuestEntry } from '../../shared/auth/useGuestEntry.ts';
import { LOGIN_SUBMIT_DELAY_MS } from '../../shared/auth/timing.ts';

type LoginField = 'username' | 'password';

export interface LoginBoxProps {
  focusOnMount: boolean;
  /** An error to show on arrival, e.g. a failed provider sign-in. */
  initialError?: string | null;
  /** A success message to show on arrival, e.g. after a password reset; the visitor then types. */
  initialNotice?: string | null;
}

/** SPEC §2 login box: username or email, password, remember username, providers, guest entry. */
export function LoginBox({
  focusOnMount,
  initialError = null,
  initialNotice = null,
}: LoginBoxProps) {
  const store = useSessionStore();
  const login = useLogin();
  const [remembered] = useState(() => readRememberedLogin(browserStorage()));
  const [username, setUsername] = useState(remembered?.username ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered?.checked ?? false);
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [formError, setFormError] = useState<string | null>(initialError);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [pending, setPending] = useState<'login' | null>(null);
  const guest = useGuestEntry();
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);

  // Arriving with a notice (a new password was just set), the visitor is here to log in.
  const [arrivalFocus] = useState(() =>
    initialNotice === null ? null : remembered?.username ? passwordRef : usernameRef,
  );
  useEffect(() => {
    if (!arrivalFocus) return;
    // A frame later: after a navigation the layout moves focus to <main> in the same commit.
    const frame = requestAnimationFrame(() => arrivalFocus.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [arrivalFocus]);

  const handleUsernameChange = (event: ChangeEvent<HTMLInputElement>) => {
    setUsername(event.target.value);
    if (errors.username) setErrors((current) => ({ ...current, username: undefined }));
  };

  const handlePasswordChange = (event: ChangeEvent<HTMLInputElement>) => {
    setPassword(event.target.value);
    if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
  };

  const handleRememberChange = (event: ChangeEvent<HTMLInputElement>) => {
    setRemember(event.target.checked);
    // Unticking forgets the username at once; ticking saves it with the next login.
    if (!event.target.checked) saveRememberedLogin(browserStorage(), { username, checked: false });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LoginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      flushSync(() => setErrors(fieldErrorsFromIssues<LoginField>(parsed.error.issues)));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    // SPEC §5: ignored while in flight; sent after the login delay.
    void inFlight.run(AuthAction.login, async () => {
      setPending('login');
      setFormError(null);
      setNotice(null);
      try {
        await delay(LOGIN_SUBMIT_DELAY_MS);
        const response = await login.mutateAsync(parsed.data);
        saveRememberedLogin(browserStorage(), {
          username: parsed.data.username,
          checked: remember,
        });
        notifySuccess(response.message);
        store.signIn(response);
      } catch (error) {
        // SPEC §8: a failed answer's message is an error toast, and only there.
        notifyError(errorMessage(error));
        setPending(null);
        passwordRef.current?.select();
        passwordRef.current?.focus();
      }
    });
  };

  return (
    <section className="account-box" aria-labelledby="login-title">
      <BoxHeading id="login-title" focusOnMount={focusOnMount}>
        {AuthWebText.loginTitle}
      </BoxHeading>
      <p className="account-card__intro">{AuthWebText.loginIntro}</p>

      <ProviderButtons />

      <form ref={formRef} className="account-form" onSubmit={handleSubmit} noValidate>
        {notice && !formError && <FormAlert tone="success">{notice}</FormAlert>}
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        <TextField
          ref={usernameRef}
          label={AuthWebText.usernameOrEmail}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={handleUsernameChange}
          error={errors.username}
          required
        />
        <TextField
          ref={passwordRef}
          label={AuthWebText.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={handlePasswordChange}
          error={errors.password}
          required
          labelAside={
            <Link className="account-form__aside-link" to={AppRoute.forgot}>
              {AuthWebText.forgotPassword}
            </Link>
          }
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="remember"
            checked={remember}
            onChange={handleRememberChange}
          />
          {AuthWebText.rememberUsername}
        </label>
        <SubmitButton
          className="button button--primary button--block"
          busy={pending === 'login'}
          busyLabel={AuthWebText.loggingIn}
          disabled={pending !== null || guest.pending}
        >
          {AuthWebText.logIn}
        </SubmitButton>
      </form>

      <div className="account-divider" aria-hidden="true">
        <span>{AuthWebText.or}</span>
      </div>

      <SubmitButton
        type="button"
        className="button button--secondary button--block"
        busy={guest.pending}
        busyLabel={AuthWebText.enteringAsGuest}
        disabled={pending !== null || guest.pending}
        onClick={guest.enter}
      >
        {AuthWebText.enterAsGuest}
      </SubmitButton>

      <p className="account-card__footer">
        {AuthWebText.newHere} <Link to={REGISTER_PATH}>{AuthWebText.createAccount}</Link>
      </p>
    </section>
  );
}
