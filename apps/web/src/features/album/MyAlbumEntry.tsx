import { lazy, Suspense, useEffect, useState } from 'react';
import { markAlbumUpdated, useAlbumDot } from '../../shared/album/albumDot.ts';
import { canUseAlbum } from '../../shared/session/session.ts';
import { useSession } from '../../shared/session/SessionContext.tsx';
import { ShellText } from '../../shared/texts.ts';
import { useAlbumNews } from './useAlbum.ts';

/** The album loads when it is first opened, not with every page. */
const AlbumModal = lazy(() => import('./AlbumModal.tsx').then((m) => ({ default: m.AlbumModal })));

/** Lights the dot whenever the server says the album holds photos newer than the last look. */
function useServerAlbumNews(username: string | null): void {
  const news = useAlbumNews(username);
  // Each answer counts, not only a change: the dot may have been cleared since the last `true`.
  const hasNews = news.data === true;
  const answeredAt = news.dataUpdatedAt;
  useEffect(() => {
    if (hasNews) markAlbumUpdated();
  }, [hasNews, answeredAt]);
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
  useServerAlbumNews(loggedIn ? (user?.username ?? null) : null);
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
