import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ShellText } from '../texts.ts';
import type { PromptOptions } from './dialogStore.ts';
import { useReturnFocus } from './useReturnFocus.ts';
import './dialogs.css';

export interface PromptModalProps {
  options: PromptOptions;
  /** The typed value on Confirm (Enter included), `null` on Cancel, Escape or a click outside. */
  onSettle: (answer: string | null) => void;
}

/** SPEC §2 "Other dialogs": the generic prompt modal with one text input, Cancel and Confirm. */
export function PromptModal({ options, onSettle }: PromptModalProps) {
  const [value, setValue] = useState(options.defaultValue ?? '');
  const [showRequired, setShowRequired] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const handleCloseAutoFocus = useReturnFocus();
  const inputId = useId();
  const errorId = useId();

  const handleOpenChange = (open: boolean) => {
    if (!open) onSettle(null);
  };

  const handleOpenAutoFocus = (event: Event) => {
    // Focus the input rather than the first button, with any default value selected for retyping.
    event.preventDefault();
    inputRef.current?.select();
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.target.value);
    if (showRequired) setShowRequired(false);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (options.required && value.trim() === '') {
      setShowRequired(true);
      inputRef.current?.focus();
      return;
    }
    onSettle(value);
  };

  return (
    <Dialog.Root open onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          onOpenAutoFocus={handleOpenAutoFocus}
          onCloseAutoFocus={handleCloseAutoFocus}
        >
          <Dialog.Title className="dialog__title">{options.title}</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {options.description}
          </Dialog.Description>
          <form className="dialog__form" onSubmit={handleSubmit} noValidate>
            <div className="field">
              <label className="field__label" htmlFor={inputId}>
                {options.label}
              </label>
              <input
                ref={inputRef}
                id={inputId}
                className="field__input"
                type="text"
                value={value}
                onChange={handleChange}
                placeholder={options.placeholder}
                maxLength={options.maxLength}
                required={options.required}
                autoComplete="off"
                aria-invalid={showRequired || undefined}
                aria-describedby={showRequired ? errorId : undefined}
              />
              {showRequired && (
                <p id={errorId} className="field__error" role="alert">
                  {ShellText.fieldRequired}
                </p>
              )}
            </div>
            <div className="dialog__actions">
              <Dialog.Close className="button button--secondary">
                {options.cancelLabel ?? ShellText.cancel}
              </Dialog.Close>
              <button type="submit" className="button button--primary">
                {options.confirmLabel ?? ShellText.confirm}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
