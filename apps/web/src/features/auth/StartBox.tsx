import { AppRoute, type CurrentUser } from '@atrium/protocol';
import { Link } from 'react-router';
import { toSessionUser } from '../../shared/session/session.ts';
import { SubmitButton } from '../../shared/ui/SubmitButton.tsx';
import { BoxHeading } from './BoxHeading.tsx';
import { AuthWebText } from '../../shared/auth/texts.ts';
import { useLogoutAction } from '../../shared/auth/useLogoutAction.ts';
import { UserBadge } from './UserBadge.tsx';

export interface StartBoxProps {
  user: CurrentUser;
  focusOnMount: boolean;
}

/** SPEC §2 start box: who is signed in, the way into the campus, and Log out. */
export function StartBox({ user, focusOnMount }: StartBoxProps) {
  const { logout, pending } = useLogoutAction();
  return (
    <section className="account-box" aria-labelledby="start-title">
      <BoxHeading id="start-title" focusOnMount={focusOnMount}>
        {AuthWebText.startTitle}
      </BoxHeading>
      <UserBadge user={toSessionUser(user)} />
      <p className="account-card__intro">
        {user.is_guest ? AuthWebText.guestIntro : AuthWebText.startIntro}
      </p>
      <div className="account-actions">
        <Link
          className="button button--primary button--large button--block"
          to={AppRoute.metaverse}
        >
          {AuthWebText.enterCampus}
          <span aria-hidden="true">→</span>
        </Link>
        <SubmitButton
          type="button"
          className="button button--secondary button--block"
          busy={pending}
          busyLabel={AuthWebText.loggingOut}
          onClick={logout}
        >
          {AuthWebText.logOut}
        </SubmitButton>
      </div>
    </section>
  );
}
