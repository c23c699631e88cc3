import * as Dialog from '@radix-ui/react-dialog';
import { PopupShell } from '../../../shared/ui/PopupShell.tsx';
import { MetaverseText } from './texts.ts';

export interface UnsupportedDeviceWarningProps {
  open: boolean;
  /** Back to home, and Escape: the page cannot be used on this device. */
  onHome: () => void;
  zIndex?: number;
}

/** SPEC §4 "Session", §8: a device that cannot run the world sees 'Warning!' and is led home. */
export function UnsupportedDeviceWarning({ open, onHome, zIndex }: UnsupportedDeviceWarningProps) {
  const text = MetaverseText.unsupportedDevice;
  return (
    <PopupShell
      open={open}
      onDismiss={onHome}
      role="alertdialog"
      modal
      className="popup--compact popup--centered"
      zIndex={zIndex}
    >
      <div className="popup__badge popup__badge--warning" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="26" height="26" fill="none">
          <path
            d="M12 3.5 2.5 20h19L12 3.5Z"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="M12 10v4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="17.25" r="1.25" fill="currentColor" />
        </svg>
      </div>
      <Dialog.Title className="dialog__title">{text.title}</Dialog.Title>
      <Dialog.Description asChild>
        <div className="dialog__description popup__text">
          <p>{text.message}</p>
          <p className="popup__note">{text.detail}</p>
        </div>
      </Dialog.Description>
      <div className="dialog__actions popup__actions">
        <button
          type="button"
          className="button button--primary popup__wide-button"
          onClick={onHome}
        >
          {text.backToHome}
        </button>
      </div>
    </PopupShell>
  );
}
