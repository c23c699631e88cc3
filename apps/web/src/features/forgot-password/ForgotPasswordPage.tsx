import { AppRoute, AuthText } from '@atrium/protocol';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../shared/texts.ts';
import { FormAlert } from '../../shared/ui/FormAlert.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { loginNoticeState } from '../../shared/auth/loginNotice.ts';
import { AuthWebText } from '../../shared/auth/texts.ts';
import { REDIRECT_AFTER_RESET_MS } from '../../shared/auth/timing.ts';
import { ConfirmEmailForm } from './ConfirmEmailForm.tsx';
import { forgotModeFromSearch } from './forgotMode.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import './ForgotPasswordPage.css';

/** The login box repeats that the password was changed. */
const afterReset = loginNoticeState(AuthText.recovered);

/** `/metaverse/forgot.html`: confirm-email form, or new-password form with `?token=` (SPEC §2). */
export function ForgotPasswordPage() {
  usePageTitle(PageTitle.forgot);
  const location = useLocation();
  const navigate = useNavigate();
  const mode = forgotModeFromSearch(location.search);
  const [resetDone, setResetDone] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);

  const handleReset = () => {
    setResetDone(true);
    // SPEC §4: the used token leaves the address. The forms stay hidden: asking for an email
    // again right after a successful reset reads as if it had failed.
    void navigate({ search: '' }, { replace: true });
  };

  // SPEC §2/§9: 3 s after a reset the visitor moves on, to the login box (not the signed-out
  // world), which repeats that the password was changed.
  useEffect(() => {
    if (!resetDone) return;
    doneRef.current?.focus();
    const timer = window.setTimeout(() => {
      void navigate(AppRoute.home, { state: afterReset });
    }, REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [resetDone, navigate]);

  return (
    <div className="container container--narrow forgot-page">
      <PageHeader eyebrow={AuthWebText.forgotEyebrow} title={AuthWebText.forgotTitle}>
        <p>{AuthWebText.forgotLead}</p>
      </PageHeader>
      {resetDone ? (
        <section
          className="panel forgot-panel forgot-panel--done"
          aria-labelledby="reset-done-title"
        >
          <h2 id="reset-done-title" ref={doneRef} className="panel__title" tabIndex={-1}>
            {AuthWebText.passwordChangedTitle}
          </h2>
          <FormAlert tone="success">
            <p>{AuthText.recovered}</p>
            <p>{AuthWebText.redirecting}</p>
          </FormAlert>
          <p className="forgot-page__login">
            <Link to={AppRoute.home} state={afterReset}>
              {AuthWebText.logInNow}
            </Link>
          </p>
        </section>
      ) : mode.kind === 'new-password' ? (
        <NewPasswordForm key={mode.token} token={mode.token} onReset={handleReset} />
      ) : (
        <ConfirmEmailForm onSubmitStart={() => setResetDone(false)} />
      )}
      <p className="forgot-page__back">
        <Link to={AppRoute.home}>
          <span aria-hidden="true">← </span>
          {AuthWebText.backToHome}
        </Link>
      </p>
    </div>
  );
}
