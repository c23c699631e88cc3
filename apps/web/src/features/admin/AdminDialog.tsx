import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';

export interface AdminDialogProps {
  title: string;
  description: string;
  onDismiss: () => void;
  children: ReactNode;
}

/**
 * The frame of the console's form dialogs: a modal (a click outside does not throw a half-filled
 * form away; Escape and × do), focus trapped inside and handed back to what opened it.
 */
export function AdminDialog({ title, description, onDismiss, children }: AdminDialogProps) {
  return (
    <PopupShell open onDismiss={onDismiss} className="admin-dialog" modal closeButton>
      <Dialog.Title className="dialog__title">{title}</Dialog.Title>
      <Dialog.Description className="dialog__description">{description}</Dialog.Description>
      {children}
    </PopupShell>
  );
}
