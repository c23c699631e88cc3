import { formatUserLabel, type SessionUser } from '../../shared/session/session.ts';
import { ShellText } from '../../shared/texts.ts';

export interface UserAreaProps {
  user: SessionUser | null;
}

/** Shows who is signed in as `username (Role Label)`; nothing when signed out. */
export function UserArea({ user }: UserAreaProps) {
  if (!user) return null;
  return (
    <div className="user-area">
      <span className="user-area__avatar" aria-hidden="true">
        {user.username.slice(0, 1).toUpperCase()}
      </span>
      <span className="user-area__label">
        <span className="visually-hidden">{ShellText.signedInAs} </span>
        {formatUserLabel(user)}
      </span>
    </div>
  );
}
