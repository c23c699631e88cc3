import { formatUserLabel, type SessionUser } from '../../shared/session/session.ts';
import { ShellText } from '../../shared/texts.ts';

export interface UserAreaProps {
  user: SessionUser | null;
  /** Logs out; the button shows only when given. */
  onLogout?: () => void;
  /** A logout is running. */
  loggingOut?: boolean;
}

/** Shows who is signed in as `username (Role Label)`, with Log out; nothing when signed out. */
export function UserArea({ user, onLogout, loggingOut = false }: UserAreaProps) {
  if (!user) return null;
  const label = formatUserLabel(user);
  return (
    <div className="user-area">
      <span className="user-area__avatar" aria-hidden="true">
        {user.username.slice(0, 1).toUpperCase()}
      </span>
      {/* A long name is cut short with an ellipsis; the title shows it whole on hover, and
          screen readers read the whole text. */}
      <span className="user-area__label" title={label}>
        <span className="visually-hidden">{ShellText.signedInAs} </span>
        {label}
      </span>
      {onLogout && (
        <button
          type="button"
          className="user-area__logout"
          onClick={onLogout}
          disabled={loggingOut}
          aria-busy={loggingOut || undefined}
        >
          {ShellText.logOut}
        </button>
      )}
    </div>
  );
}
