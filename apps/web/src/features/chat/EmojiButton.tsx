import { ChatText } from '@atrium/protocol';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';

// The picker and its emoji come with the first click, not with the chat.
const EmojiPickerPanel = lazy(() =>
  import('./EmojiPickerPanel.tsx').then((module) => ({ default: module.EmojiPickerPanel })),
);

export interface EmojiButtonProps {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

/** SPEC §2's emoji button: opens a picker above the input; Escape or a pick closes it. */
export function EmojiButton({ onPick, disabled }: EmojiButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // The search field takes focus once the picker has loaded, for the keyboard.
  useEffect(() => {
    if (!open) return;
    const timer = window.setInterval(() => {
      const search = popover.current?.querySelector('input');
      if (!search) return;
      search.focus();
      window.clearInterval(timer);
    }, 50);
    return () => window.clearInterval(timer);
  }, [open]);

  return (
    <div className="chat-emoji">
      <button
        ref={button}
        type="button"
        className="chat__icon-button"
        aria-label={ChatText.emoji}
        title={ChatText.emoji}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">😊</span>
      </button>
      {open && (
        <div
          ref={popover}
          id={id}
          className="chat-emoji__popover"
          role="dialog"
          aria-label={ChatText.emoji}
        >
          <Suspense fallback={<p className="chat-emoji__empty">{ChatText.emojiLoading}</p>}>
            <EmojiPickerPanel
              onPick={(emoji) => {
                onPick(emoji);
                setOpen(false);
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
