import { useState } from 'react';

/**
 * Radix returns focus to its `Dialog.Trigger` on close, but queued dialogs have no trigger: they
 * open from code. Remember what had focus when the dialog first rendered and return there; pass
 * the result as the content's `onCloseAutoFocus`.
 */
export function useReturnFocus(): (event: Event) => void {
  const [origin] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  return (event: Event) => {
    event.preventDefault();
    if (origin?.isConnected) origin.focus();
  };
}
