import { lazy, Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { MyAlbumEntry } from '../features/album/MyAlbumEntry.tsx';
import { CharacterButton } from '../features/character/CharacterEntry.tsx';
import { ClassroomProvider } from '../features/classroom/ClassroomProvider.tsx';
import { TopNav } from '../features/navigation/TopNav.tsx';
import { WalletEntry } from '../features/wallet/WalletEntry.tsx';
import { SessionNotices } from '../shared/auth/SessionNotices.tsx';
import { ShellText } from '../shared/texts.ts';
import { PageLoading } from './PageLoading.tsx';
import { SocialEntry, SocialTileActions } from './SocialEntry.tsx';
import './AppLayout.css';

const MAIN_ID = 'main-content';

// The class chat loads with the classroom panel's chat, not with the home page.
const ClassroomChat = lazy(() =>
  import('../features/chat/ClassroomChat.tsx').then((module) => ({
    default: module.ClassroomChat,
  })),
);

const renderClassroomChat = (room: string) => <ClassroomChat room={room} />;

/** The frame around every page: skip link, top navigation, the page in <main>, footer. */
export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const lastPathname = useRef(pathname);

  // After a client-side navigation, move focus to the new page so screen readers start there,
  // as they would after a full page load.
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  const handleSkipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus <main> directly: a bare #fragment would add a history entry to the router.
    event.preventDefault();
    mainRef.current?.focus();
  };

  // One classroom for the whole app: a class goes on while the person moves between pages.
  return (
    <ClassroomProvider chat={renderClassroomChat}>
      <SocialTileActions>
        <SessionNotices />
        <a className="skip-link" href={`#${MAIN_ID}`} onClick={handleSkipToContent}>
          {ShellText.skipToContent}
        </a>
        <TopNav
          albumEntry={<MyAlbumEntry />}
          characterEntry={<CharacterButton variant="nav" />}
          socialEntry={<SocialEntry />}
          walletEntry={<WalletEntry />}
        />
        <main ref={mainRef} id={MAIN_ID} className="app-main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="app-footer">
          <div className="container app-footer__inner">
            <p>
              <strong>{ShellText.productName}</strong> · {ShellText.tagline}
            </p>
            <p>Self-hosted by your school, museum or event.</p>
          </div>
        </footer>
        <ScrollRestoration />
      </SocialTileActions>
    </ClassroomProvider>
  );
}
