import { lazy, Suspense, useState } from 'react';
import { useSession, useSessionState } from '../../shared/session/SessionContext.tsx';
import { useUnread, type SocialLinks } from './socialState.ts';
import { SocialUiText as T } from './texts.ts';

// The socket, popups and panel download after the page, for signed-in people only.
const SocialLive = lazy(() => import('./SocialLive.tsx').then((m) => ({ default: m.SocialLive })));

export interface FriendsEntryProps {
  links: SocialLinks;
}

/**
 * The "Friends" item of the top navigation (on the home and metaverse pages alike), with its
 * notification dot; it also keeps the social socket, so calls arrive on every page. Guests see
 * nothing (SPEC §6), and the server refuses them anyway.
 */
export function FriendsEntry({ links }: FriendsEntryProps) {
  const { user } = useSession();
  const { token } = useSessionState();
  const [open, setOpen] = useState(false);
  const unread = useUnread();
  if (!user || user.isGuest || !token) return null;
  return (
    <li className="top-nav__item">
      <button
        type="button"
        className="top-nav__link top-nav__album"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-control="open-social"
        onClick={() => setOpen(true)}
      >
        {T.friends}
        {unread > 0 && (
          <>
            <span className="top-nav__dot" aria-hidden="true" data-testid="social-dot" />
            <span className="visually-hidden">, {T.friendsNew}</span>
          </>
        )}
      </button>
      <Suspense fallback={null}>
        <SocialLive
          key={user.username}
          username={user.username}
          links={links}
          panelOpen={open}
          onClosePanel={() => setOpen(false)}
        />
      </Suspense>
    </li>
  );
}
