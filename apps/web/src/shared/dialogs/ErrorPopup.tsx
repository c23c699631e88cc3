import * as Dialog from '@radix-ui/react-dialog';
import { ShellText } from '../texts.ts';
import type { ErrorPopupOptions } from './dialogStore.ts';
import { useReturnFocus } from './useReturnFocus.ts';
import './dialogs.css';

export interface ErrorPopupProps {
  options: ErrorPopupOptions;
  /** Called on OK, Escape or a click outside. */
  onDismiss: () => void;
}

/** SPEC §2 "Navigation and overlays": the generic error popup with a title, a message and OK. */
export function ErrorPopup({ options, onDismiss }: ErrorPopupProps) {
  const handleCloseAutoFocus = useReturnFocus();

  const handleOpenChange = (open: boolean) => {
    if (!open) onDismiss();
  };

  return (
    <Dialog.Root open onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog dialog--error"
          role="alertdialog"
          onCloseAutoFocus={handleCloseAutoFocus}
        >
          <div className="dialog__icon" aria-hidden="true">
            !
          </div>
          <Dialog.Title className="dialog__title">
            {options.title ?? ShellText.errorTitle}
          </Dialog.Title>
          <Dialog.Description className="dialog__description">{options.message}</Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close className="button button--primary">
              {options.okLabel ?? ShellText.ok}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
