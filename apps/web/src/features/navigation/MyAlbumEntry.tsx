import { useState } from 'react';
import { ShellText } from '../../shared/texts.ts';
import { AlbumModal } from '../album/AlbumModal.tsx';
import { useAlbumDot } from '../album/albumDot.ts';

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
      {open && <AlbumModal open onClose={() => setOpen(false)} />}
    </li>
  );
}
