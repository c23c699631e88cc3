import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { PopupShell } from '../../../shared/ui/PopupShell.tsx';
import { MetaverseText } from './texts.ts';

export interface FullscreenRecommendationProps {
  open: boolean;
  /** Not now, Escape, a click outside, and also after going fullscreen. */
  onClose: () => void;
  /** Enters fullscreen; by default the whole page (`document.documentElement`). */
  onFullscreen?: () => void | Promise<void>;
  zIndex?: number;
}

async function enterPageFullscreen(): Promise<void> {
  const root = document.documentElement;
  // Not every browser has it (iPhone Safari), and it rejects without a user gesture.
  if (typeof root.requestFullscreen !== 'function') return;
  await root.requestFullscreen({ navigationUI: 'hide' });
}

/** Staying windowed is a fine outcome: note it for developers, bother nobody else. */
function reportRefusal(error: unknown): void {
  console.warn('Fullscreen was refused.', error);
}

/** SPEC §2 "fullscreen recommendation popup": Go fullscreen or Not now. */
export function FullscreenRecommendation({
  open,
  onClose,
  onFullscreen = enterPageFullscreen,
  zIndex,
}: FullscreenRecommendationProps) {
  const goRef = useRef<HTMLButtonElement>(null);
  const text = MetaverseText.fullscreen;

  const handleGoFullscreen = () => {
    // Called straight from the click, so the browser sees the user gesture it requires.
    try {
      Promise.resolve(onFullscreen()).catch(reportRefusal);
    } catch (error) {
      reportRefusal(error);
    }
    onClose();
  };

  return (
    <PopupShell
      open={open}
      onDismiss={onClose}
      className="popup--compact popup--centered"
      zIndex={zIndex}
      initialFocus={goRef}
    >
      <div className="popup__badge" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" fill="none">
          <path
            d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <Dialog.Title className="dialog__title">{text.title}</Dialog.Title>
      <Dialog.Description className="dialog__description">{text.message}</Dialog.Description>
      <div className="dialog__actions popup__actions">
        <Dialog.Close className="button button--secondary">{text.notNow}</Dialog.Close>
        <button
          ref={goRef}
          type="button"
          className="button button--primary"
          onClick={handleGoFullscreen}
        >
          {text.goFullscreen}
        </button>
      </div>
    </PopupShell>
  );
}
