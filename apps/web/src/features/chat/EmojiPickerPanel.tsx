import { EmojiPicker } from 'frimousse';
import { ChatText } from '@atrium/protocol';
import { EMOJI_DATA } from './emojiData.ts';

export interface EmojiPickerPanelProps {
  onPick: (emoji: string) => void;
}

const resolveEmojiData = () => EMOJI_DATA;

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
              <div className="chat-emoji__row" {...props}>
                {children}
              </div>
            ),
            Emoji: ({ emoji, ...props }) => (
              <button
                className="chat-emoji__emoji"
                data-active={emoji.isActive ? '' : undefined}
                aria-label={emoji.label}
                {...props}
              >
                {emoji.emoji}
              </button>
            ),
          }}
        />
      </EmojiPicker.Viewport>
    </EmojiPicker.Root>
  );
}
