import { ShellText } from '../../shared/texts.ts';

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
  if (!loggedIn) return null;
  return (
    <li className="top-nav__item">
      <button type="button" className="top-nav__link top-nav__album" onClick={onOpen}>
        {ShellText.myAlbum}
        {hasNew && (
          <>
            <span className="top-nav__dot" aria-hidden="true" />
            <span className="visually-hidden">, {ShellText.myAlbumNew}</span>
          </>
        )}
      </button>
    </li>
  );
}
