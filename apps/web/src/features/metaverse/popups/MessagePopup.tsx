import * as Dialog from '@radix-ui/react-dialog';
import { PopupShell } from '../../../shared/ui/PopupShell.tsx';
import { toParagraphs } from './paragraphs.ts';
import { MetaverseText } from './texts.ts';

export interface MessagePopupProps {
  open: boolean;
  /** Close, Escape or a click outside. */
  onClose: () => void;
  title: string;
  /** Plain text; blank lines start a new paragraph. */
  message: string;
  closeLabel?: string;
  zIndex?: number;
}

/** SPEC §2 "Message popup": a title, a short text and Close. */
export function MessagePopup({
  open,
  onClose,
  title,
  message,
  closeLabel = MetaverseText.close,
  zIndex,
}: MessagePopupProps) {
  return (
    <PopupShell open={open} onDismiss={onClose} className="popup--message" zIndex={zIndex}>
      <div className="popup__badge popup__badge--info" aria-hidden="true">
        i
      </div>
      <Dialog.Title className="dialog__title">{title}</Dialog.Title>
      <Dialog.Description asChild>
        <div className="dialog__description popup__text">
          {toParagraphs(message).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      </Dialog.Description>
      <div className="dialog__actions popup__actions">
        <Dialog.Close className="button button--primary">{closeLabel}</Dialog.Close>
      </div>
    </PopupShell>
  );
}
