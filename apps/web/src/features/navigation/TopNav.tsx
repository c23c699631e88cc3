import { AppRoute } from '@atrium/protocol';
import { useRef, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useSession } from '../../shared/session/SessionContext.tsx';
import { ShellText } from '../../shared/texts.ts';
import { useToastsBelow } from '../../shared/toast/useToastsBelow.ts';
import { useLogoutAction } from '../../shared/auth/useLogoutAction.ts';
import { NavMore } from './NavMore.tsx';
import { UserArea } from './UserArea.tsx';
import './TopNav.css';

export interface TopNavProps {
  /** The "My Album" list item (the album feature's), placed after the page links. */
  albumEntry?: ReactNode;
  /** The social layer's "Friends" item (the social feature's, placed by the app). */
  socialEntry?: ReactNode;
  /** "Customise character" (the character feature's, placed by the app). */
  characterEntry?: ReactNode;
  /** The wallet's "Wallet" item (the wallet feature's, placed by the app). */
  walletEntry?: ReactNode;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'top-nav__link top-nav__link--active' : 'top-nav__link';

/** The top navigation bar: brand, page links, "My Album" for signed-in users, the user area. */
export function TopNav({ albumEntry, socialEntry, characterEntry, walletEntry }: TopNavProps) {
  const { user } = useSession();
  const { logout, pending } = useLogoutAction();
  const headerRef = useRef<HTMLElement>(null);
  useToastsBelow(headerRef);
  return (
    <header ref={headerRef} className="top-nav">
      <div className="container top-nav__inner">
        <Link to={AppRoute.home} className="top-nav__brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{ShellText.productName}</span>
        </Link>
        <nav className="top-nav__nav" aria-label={ShellText.mainNavigation}>
          <ul className="top-nav__list">
            <li className="top-nav__item">
              <NavLink to={AppRoute.home} end className={navLinkClass}>
                {ShellText.navHome}
              </NavLink>
            </li>
            <li className="top-nav__item">
              <NavLink to={AppRoute.metaverse} className={navLinkClass}>
                {ShellText.navMetaverse}
              </NavLink>
            </li>
            <NavMore>
              {albumEntry}
              {characterEntry}
              {socialEntry}
              {walletEntry}
              {user?.role === 'admin' && !user.isGuest && (
                <li className="top-nav__item">
                  <NavLink to="/admin" className={navLinkClass}>
                    {ShellText.navAdmin}
                  </NavLink>
                </li>
              )}
            </NavMore>
          </ul>
        </nav>
        <UserArea user={user} onLogout={logout} loggingOut={pending} />
      </div>
    </header>
  );
}
