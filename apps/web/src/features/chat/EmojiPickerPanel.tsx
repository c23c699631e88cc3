import { EmojiPicker } from 'frimousse';
import { useEffect, useRef, type ButtonHTMLAttributes } from 'react';
import { ChatText } from '@atrium/protocol';
import { EMOJI_DATA } from './emojiData.ts';

export interface EmojiPickerPanelProps {
  onPick: (emoji: string) => void;
}

const resolveEmojiData = () => EMOJI_DATA;

/**
 * frimousse numbers rows and cells from 0, and ARIA from 1: `aria-rowindex="0"` is invalid (axe:
 * critical). Its keyboard scrolling finds the active row by that number, one row off after this;
 * each cell scrolls itself into view when it becomes active instead.
 */
function fromOne(
  props: { 'aria-rowindex'?: number; 'aria-colindex'?: number },
  attribute: 'aria-rowindex' | 'aria-colindex' = 'aria-rowindex',
): number | undefined {
  const index = props[attribute];
  return index === undefined ? undefined : index + 1;
}

function EmojiCell({
  label,
  active,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; active: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <button
      ref={ref}
      className="chat-emoji__emoji"
      data-active={active ? '' : undefined}
      aria-label={label}
      {...props}
    >
      {children}
    </button>
  );
}

/** The picker itself: frimousse (unstyled, keyboard-navigable), on our bundled emoji set. */
export function EmojiPickerPanel({ onPick }: EmojiPickerPanelProps) {
  return (
    <EmojiPicker.Root
      className="chat-emoji__picker"
      columns={7}
      resolveEmojiData={resolveEmojiData}
      onEmojiSelect={({ emoji }) => onPick(emoji)}
    >
      <EmojiPicker.Search
        className="chat-emoji__search"
        placeholder={ChatText.emojiSearch}
        aria-label={ChatText.emojiSearch}
      />
      <EmojiPicker.Viewport className="chat-emoji__viewport">
        <EmojiPicker.Empty className="chat-emoji__empty">{ChatText.emojiNone}</EmojiPicker.Empty>
        <EmojiPicker.List
          className="chat-emoji__list"
          components={{
            CategoryHeader: ({ category, ...props }) => (
              <div className="chat-emoji__category" {...props}>
                {category.label}
              </div>
            ),
            Row: ({ children, ...props }) => (
              <div className="chat-emoji__row" {...props} aria-rowindex={fromOne(props)}>
                {children}
              </div>
            ),
            Emoji: ({ emoji, ...props }) => (
              <EmojiCell
                {...props}
                aria-colindex={fromOne(props, 'aria-colindex')}
                label={emoji.label}
                active={emoji.isActive}
              >
                {emoji.emoji}
              </EmojiCell>
            ),
          }}
        />
      </EmojiPicker.Viewport>
    </EmojiPicker.Root>
  );
}
