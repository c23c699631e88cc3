import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ShellText } from '../../shared/texts.ts';
import { DisclosureToggle } from '../../shared/ui/DisclosureToggle.tsx';
import { useDisclosure } from '../../shared/ui/useDisclosure.ts';

/**
 * The signed-in entries of the top navigation (My Album, Customise character, Friends, Wallet).
 * Where the bar has room they sit in the row like the other links; where it has not (the CSS
 * decides, by width), they fold behind a "More" disclosure that drops them below the bar, so no
 * entry is ever scrolled out of reach. The entries stay mounted either way: Friends keeps its
 * socket and each entry its dialog. The list stays open while an entry's dialog is open, so the
 * dialog can hand focus back to its entry when it closes.
 */
export function NavMore({ children }: { children: ReactNode }) {
  const { open, setOpen, containerRef, toggleRef, onKeyDown } = useDisclosure<HTMLLIElement>();
  const listId = useId();
  const { pathname } = useLocation();

  // A new page closes the list.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  return (
    <li
      ref={containerRef}
      className="top-nav__item top-nav__more"
      onKeyDown={onKeyDown}
      // Toasts keep clear of the open list (TOAST_CLEAR_ATTRIBUTE).
      data-toast-clear={open || undefined}
    >
      <DisclosureToggle
        open={open}
        setOpen={setOpen}
        toggleRef={toggleRef}
        controls={listId}
        className="top-nav__link top-nav__more-toggle"
      >
        {ShellText.navMore}
      </DisclosureToggle>
      <ul id={listId} className="top-nav__more-list" data-open={open}>
        {children}
      </ul>
    </li>
  );
}
