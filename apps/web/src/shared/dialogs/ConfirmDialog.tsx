import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { ShellText } from '../texts.ts';
import type { ConfirmOptions } from './dialogStore.ts';
import { useReturnFocus } from './useReturnFocus.ts';
import './dialogs.css';

export interface ConfirmDialogProps {
  options: ConfirmOptions;
  /** True on Confirm; false on Cancel, Escape or a click outside. */
  onSettle: (confirmed: boolean) => void;
}

/** A yes/no question with Cancel and Confirm, e.g. the guest-entry warning (SPEC §4). */
export function ConfirmDialog({ options, onSettle }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const handleCloseAutoFocus = useReturnFocus();

  const handleOpenChange = (open: boolean) => {
    if (!open) onSettle(false);
  };

  const handleOpenAutoFocus = (event: Event) => {
    // Start on the safe choice, as an alert dialog should.
    event.preventDefault();
    cancelRef.current?.focus();
  };

  return (
    <Dialog.Root open onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog dialog--confirm"
          role="alertdialog"
          onOpenAutoFocus={handleOpenAutoFocus}
          onCloseAutoFocus={handleCloseAutoFocus}
        >
          <Dialog.Title className="dialog__title">{options.title}</Dialog.Title>
          <Dialog.Description className="dialog__description">{options.message}</Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close ref={cancelRef} className="button button--secondary">
              {options.cancelLabel ?? ShellText.cancel}
            </Dialog.Close>
            <button type="button" className="button button--primary" onClick={() => onSettle(true)}>
              {options.confirmLabel ?? ShellText.confirm}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
