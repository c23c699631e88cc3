import { CharacterText } from '@atrium/protocol';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../shared/session/SessionContext.tsx';

/** The customiser (three.js and the avatar model) loads when it is first opened. */
const CharacterCustomiser = lazy(() => import('./CharacterCustomiser.tsx'));

export interface CharacterButtonProps {
  /** `nav`: an item of the top navigation's list; `toolbar`: a button of the world's toolbar. */
  variant: 'nav' | 'toolbar';
}

/** Opens the character customiser; renders nothing until someone is signed in (or a guest). */
export function CharacterButton({ variant }: CharacterButtonProps) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const button = (
    <button
      type="button"
      className={
        variant === 'nav' ? 'top-nav__link top-nav__character' : 'button button--secondary'
      }
      onClick={() => setOpen(true)}
      aria-haspopup="dialog"
    >
      {CharacterText.open}
    </button>
  );
  const dialog = open && (
    <Suspense fallback={null}>
      <CharacterCustomiser onClose={() => setOpen(false)} />
    </Suspense>
  );
  return variant === 'nav' ? (
    <li className="top-nav__item">
      {button}
      {dialog}
    </li>
  ) : (
    <>
      {button}
      {dialog}
    </>
  );
}
