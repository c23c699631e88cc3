import { formatUserLabel, type SessionUser } from '../../shared/session/session.ts';
import { AuthWebText } from '../../shared/auth/texts.ts';

/** The signed-in user as an avatar initial and `username (Role Label)`. */
export function UserBadge({ user }: { user: SessionUser }) {
  return (
    <div className="user-badge">
      <span className="user-badge__avatar" aria-hidden="true">
        {user.username.slice(0, 1).toUpperCase()}
      </span>
      <span className="user-badge__text">
        <span className="user-badge__caption">{AuthWebText.signedInAs}</span>
        <strong className="user-badge__label">{formatUserLabel(user)}</strong>
      </span>
    </div>
  );
}
