import { useCallback, useState } from 'react';
import {
  dismissTutorial,
  isTutorialDismissed,
  tutorialCookieName,
  type TutorialUser,
} from './tutorialCookie.ts';

export interface TutorialPopupState {
  open: boolean;
  /** Opens the tutorial unless this user (or guest) chose "Don't show again". */
  show: () => void;
  /** For `TutorialPopup`'s `onClose`: closes, and remembers "Don't show again" when ticked. */
  close: (dontShowAgain: boolean) => void;
}

/** SPEC §4 "Mini-game": once "don't show again" is set the tutorial stays closed. */
export function useTutorialPopup(user: TutorialUser | null): TutorialPopupState {
  const name = tutorialCookieName(user);
  const [open, setOpen] = useState(false);

  const show = useCallback(() => {
    if (!isTutorialDismissed(name)) setOpen(true);
  }, [name]);

  const close = useCallback(
    (dontShowAgain: boolean) => {
      if (dontShowAgain) dismissTutorial(name);
      setOpen(false);
    },
    [name],
  );

  return { open, show, close };
}
