import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSessionState } from '../../shared/session/SessionContext.tsx';
import { createAlbumApi } from '../album/albumApi.ts';
import { ShellText } from '../../shared/texts.ts';
import { markAlbumUpdated, useAlbumDot } from '../album/albumDot.ts';

/** The album loads when it is first opened, not with every page. */
const AlbumModal = lazy(() =>
  import('../album/AlbumModal.tsx').then((m) => ({ default: m.AlbumModal })),
);

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
  /** SPEC §2: the entry exists only for a signed-in user. */
  loggedIn: boolean;
  /** Lights the notification dot when something new arrived. */
  hasNew: boolean;
  /** Opens the album; the album feature passes its opener here. */
  onOpen?: () => void;
}

/** The "My Album" item of the top navigation's list. Renders nothing when signed out. */
export function MyAlbumEntry({ loggedIn, hasNew, onOpen }: MyAlbumEntryProps) {
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
