import { AppRoute, AuthText } from '@atrium/protocol';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../shared/texts.ts';
import { FormAlert } from '../../shared/ui/FormAlert.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { AuthWebText } from '../auth/texts.ts';
import { REDIRECT_AFTER_RESET_MS } from '../auth/timing.ts';
import { ConfirmEmailForm } from './ConfirmEmailForm.tsx';
import { forgotModeFromSearch } from './forgotMode.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import './ForgotPasswordPage.css';

/** `/metaverse/forgot.html`: confirm-email form, or new-password form with `?token=` (SPEC §2). */
export function ForgotPasswordPage() {
  usePageTitle(PageTitle.forgot);
  const location = useLocation();
  const navigate = useNavigate();
  const mode = forgotModeFromSearch(location.search);
  const [resetDone, setResetDone] = useState(false);

  const handleReset = () => {
    setResetDone(true);
    // SPEC §4: after success the query string is cleared and the page returns to confirm-email.
    void navigate({ search: '' }, { replace: true });
  };

  // SPEC §2: after a reset the visitor goes to the metaverse page after 3 seconds.
  useEffect(() => {
    if (!resetDone) return;
    const timer = window.setTimeout(() => {
      void navigate(AppRoute.metaverse);
    }, REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [resetDone, navigate]);

  return (
    <div className="container container--narrow forgot-page">
      <PageHeader eyebrow={AuthWebText.forgotEyebrow} title={AuthWebText.forgotTitle}>
        <p>{AuthWebText.forgotLead}</p>
      </PageHeader>
      {resetDone && (
        <div className="forgot-page__notice">
          <FormAlert tone="success">
            <p>{AuthText.recovered}</p>
            <p>{AuthWebText.redirecting}</p>
          </FormAlert>
        </div>
      )}
      {mode.kind === 'new-password' ? (
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
