import { AppRoute } from '@atrium/protocol';
import { Link } from 'react-router';
import { PageTitle } from '../../shared/texts.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import '../../shared/ui/InfoPanel.css';

/** `/metaverse/forgot.html`: password recovery. The forms come with the accounts feature. */
export function ForgotPasswordPage() {
  usePageTitle(PageTitle.forgot);
  return (
    <div className="container container--narrow">
      <PageHeader eyebrow="Account" title="Forgot password">
        <p>Get back into your Atrium account.</p>
      </PageHeader>
      <section className="panel info-panel" aria-labelledby="forgot-steps-title">
        <h2 id="forgot-steps-title" className="panel__title">
          How password recovery works
        </h2>
        <ol className="info-panel__steps">
          <li>Enter the email address of your account.</li>
          <li>Open the link we send you. It works once and expires after a while.</li>
          <li>Choose a new password, and you are taken back to the metaverse.</li>
        </ol>
        <p className="info-panel__note">
          Password recovery is being switched on for this campus. Until then, ask your teacher or
          the campus administrator to reset your password.
        </p>
        <div className="button-row">
          <Link className="button button--primary" to={AppRoute.metaverse}>
            Back to the metaverse
          </Link>
        </div>
      </section>
    </div>
  );
}
