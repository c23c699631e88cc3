import { AuthText, UsernameSchema, type CurrentUser } from '@atrium/protocol';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { inFlight } from '../../shared/api/inFlight.ts';
import { useSessionStore } from '../../shared/session/SessionContext.tsx';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../shared/ui/TextField.tsx';
import { BoxHeading } from './BoxHeading.tsx';
import { AuthWebText } from '../../shared/auth/texts.ts';
import { AuthAction, useUpdateUsername } from '../../shared/auth/useAuth.ts';
import { useLogoutAction } from '../../shared/auth/useLogoutAction.ts';

export interface UpdateUsernameBoxProps {
  user: CurrentUser;
  focusOnMount: boolean;
}

/** SPEC §4: shown instead of the start box while the username is still the email. */
export function UpdateUsernameBox({ user, focusOnMount }: UpdateUsernameBoxProps) {
  const store = useSessionStore();
  const updateUsername = useUpdateUsername();
  const { logout, pending: loggingOut } = useLogoutAction();
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setUsername(event.target.value);
    setFieldError(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: an empty username is ignored.
    if (username.trim() === '') {
      inputRef.current?.focus();
      return;
    }
    const parsed = UsernameSchema.safeParse(username);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? AuthText.unableToUpdateUsername);
      inputRef.current?.focus();
      return;
    }
    // SPEC §5: a double submit is blocked.
    void inFlight.run(AuthAction.updateUsername, async () => {
      setPending(true);
      try {
        const response = await updateUsername.mutateAsync({ id: user._id, username: parsed.data });
        notifySuccess(response.message);
        store.updateUser(response.data);
      } catch (error) {
        // SPEC §8: a failed answer's message is an error toast, and only there.
        notifyError(errorMessage(error, AuthText.unableToUpdateUsername));
        setPending(false);
        inputRef.current?.focus();
      }
    });
  };

  return (
    <section className="account-box" aria-labelledby="update-username-title">
      <BoxHeading id="update-username-title" focusOnMount={focusOnMount}>
        {AuthWebText.updateUsernameTitle}
      </BoxHeading>
      <p className="account-card__intro">{AuthWebText.updateUsernameIntro}</p>
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        <TextField
          ref={inputRef}
          label={AuthWebText.username}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          value={username}
          onChange={handleChange}
          hint={AuthWebText.usernameHint}
          error={fieldError}
        />
        <SubmitButton
          className="button button--primary button--block"
          busy={pending}
          busyLabel={AuthWebText.saving}
          disabled={loggingOut}
        >
          {AuthWebText.saveUsername}
        </SubmitButton>
      </form>
      <p className="account-card__footer">
        <button type="button" className="link-button" onClick={logout} disabled={loggingOut}>
          {AuthWebText.logOut}
        </button>
      </p>
    </section>
  );
}
