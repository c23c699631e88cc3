import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { markAlbumUpdated, useAlbumDot } from '../../shared/album/albumDot.ts';
import { canUseAlbum } from '../../shared/session/session.ts';
import { useSession, useSessionState } from '../../shared/session/SessionContext.tsx';
import { ShellText } from '../../shared/texts.ts';
import { createAlbumApi } from './albumApi.ts';

/** The album loads when it is first opened, not with every page. */
const AlbumModal = lazy(() => import('./AlbumModal.tsx').then((m) => ({ default: m.AlbumModal })));

/**
 * Asks the server whether the album holds photos newer than the user's last look, when signed
 * in and whenever the page comes back into view (a photo may come from another tab or device).
 */
function useServerAlbumNews(loggedIn: boolean): void {
  const { token } = useSessionState();
  const api = useMemo(() => createAlbumApi(() => token), [token]);
  useEffect(() => {
    if (!loggedIn || !token) return;
    let live = true;
    const check = () => {
      api
        .hasNews()
        .then((news) => live && news && markAlbumUpdated())
        .catch(() => undefined);
    };
    const onVisible = () => document.visibilityState === 'visible' && check();
    check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api, loggedIn, token]);
}

export interface MyAlbumEntryProps {
  /** Called when the album opens. */
  onOpen?: () => void;
}

/**
 * The "My Album" item of the top navigation's list (the app layout hands it to TopNav). Renders
 * nothing unless the user may have an album (SPEC §2: signed in, not a guest).
 */
export function MyAlbumEntry({ onOpen }: MyAlbumEntryProps) {
  const { user, hasNewAlbumItems: hasNew } = useSession();
  const loggedIn = canUseAlbum(user);
  const [open, setOpen] = useState(false);
  const dot = useAlbumDot();
  useServerAlbumNews(loggedIn);
  if (!loggedIn) return null;
  const handleOpen = () => {
    setOpen(true);
    onOpen?.();
  };
  return (
    <li className="top-nav__item">
      <button type="button" className="top-nav__link top-nav__album" onClick={handleOpen}>
        {ShellText.myAlbum}
        {(hasNew || dot) && (
          <>
            <span className="top-nav__dot" aria-hidden="true" />
            <span className="visually-hidden">, {ShellText.myAlbumNew}</span>
          </>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AlbumModal open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </li>
  );
}
