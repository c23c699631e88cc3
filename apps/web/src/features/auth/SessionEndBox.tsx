import { BoxHeading } from './BoxHeading.tsx';
import { AuthWebText } from '../../shared/auth/texts.ts';

export interface SessionEndBoxProps {
  /** The session expired (token refresh failed) rather than the visit ending. */
  expired: boolean;
  signedIn: boolean;
  focusOnMount: boolean;
  onContinue: () => void;
}

/** SPEC §2 session-end box: the session ended; one button back to login (or to the start box). */
export function SessionEndBox({ expired, signedIn, focusOnMount, onContinue }: SessionEndBoxProps) {
  return (
    <section className="account-box account-box--centered" aria-labelledby="session-end-title">
      <span className="account-box__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor">
          <circle cx="12" cy="12" r="9" strokeWidth="2" />
          <path d="M12 7v5l3 2" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <BoxHeading id="session-end-title" focusOnMount={focusOnMount}>
        {AuthWebText.sessionEndTitle}
      </BoxHeading>
      <p className="account-card__intro" role="status">
        {/* An expired session's SPEC §8 text is already the toast: each message once (issue #12). */}
        {expired ? AuthWebText.sessionExpiredHint : AuthWebText.sessionEnded}
      </p>
      <button type="button" className="button button--primary button--block" onClick={onContinue}>
        {signedIn ? AuthWebText.backToStart : AuthWebText.backToLogin}
      </button>
    </section>
  );
}
