import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type RefObject } from 'react';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { DartsText } from './texts.ts';

const text = DartsText.instructions;

export interface InstructionPopupProps {
  open: boolean;
  /** Got it, ×, or Escape; `dontShowAgain` is the checkbox (the caller stores the cookie). */
  onClose: (dontShowAgain: boolean) => void;
  /** Where focus goes when the popup opened by itself (PopupShell's `afterClose`). */
  afterClose?: RefObject<HTMLElement | null>;
}

/** SPEC §2 "mini-game instruction popup": how to aim and throw, with "Don't show again". */
export function InstructionPopup({ open, onClose, afterClose }: InstructionPopupProps) {
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const checkboxId = useId();
  const gotItRef = useRef<HTMLButtonElement>(null);
  return (
    <PopupShell
      open={open}
      onDismiss={() => onClose(dontShowAgain)}
      closeButton
      className="darts-instructions"
      initialFocus={gotItRef}
      afterClose={afterClose}
      described={false}
    >
      <p className="popup__eyebrow">{DartsText.title}</p>
      <Dialog.Title className="dialog__title">{text.title}</Dialog.Title>
      <ol className="darts-instructions__steps">
        {text.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="darts-instructions__footer">
        <label className="darts-instructions__check" htmlFor={checkboxId}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={dontShowAgain}
            onChange={(event) => setDontShowAgain(event.target.checked)}
          />
          {text.dontShowAgain}
        </label>
        <button
          ref={gotItRef}
          type="button"
          className="button button--primary"
          onClick={() => onClose(dontShowAgain)}
        >
          {text.gotIt}
        </button>
      </div>
    </PopupShell>
  );
}
