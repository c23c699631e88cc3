import type { EmojiData } from 'frimousse';

/*
 * The picker's emoji, bundled: frimousse fetches Emojibase's data from a CDN by default, and the
 * app makes no request to another host. A short curated set until `emojibase-data` is served.
 */
const GROUPS: ReadonlyArray<[label: string, emoji: ReadonlyArray<[string, string, string?]>]> = [
  [
    'Smileys',
    [
      ['😀', 'grinning face', 'smile happy'],
      ['😄', 'grinning face with smiling eyes', 'smile happy'],
      ['😂', 'face with tears of joy', 'laugh lol'],
      ['🙂', 'slightly smiling face', 'smile'],
      ['😉', 'winking face', 'wink'],
      ['😊', 'smiling face with smiling eyes', 'blush'],
      ['😍', 'smiling face with heart-eyes', 'love'],
      ['🤩', 'star-struck', 'wow'],
      ['🤔', 'thinking face', 'hmm think'],
      ['😎', 'smiling face with sunglasses', 'cool'],
      ['😅', 'grinning face with sweat', 'phew'],
      ['😮', 'face with open mouth', 'wow surprise'],
      ['😢', 'crying face', 'sad'],
      ['😴', 'sleeping face', 'tired'],
      ['🥳', 'partying face', 'party celebrate'],
      ['🤯', 'exploding head', 'mind blown'],
    ],
  ],
  [
    'People',
    [
      ['👍', 'thumbs up', 'yes ok like'],
      ['👎', 'thumbs down', 'no dislike'],
      ['👏', 'clapping hands', 'applause bravo'],
      ['🙌', 'raising hands', 'hooray'],
      ['👋', 'waving hand', 'hello bye'],
      ['✋', 'raised hand', 'question stop'],
      ['🙏', 'folded hands', 'please thanks'],
      ['💪', 'flexed biceps', 'strong'],
      ['👀', 'eyes', 'look'],
      ['🧠', 'brain', 'smart'],
      ['🧑‍🏫', 'teacher', 'class'],
      ['🧑‍🎓', 'student', 'class'],
    ],
  ],
  [
    'Nature and food',
    [
      ['🌱', 'seedling', 'grow'],
      ['🌍', 'globe showing Europe-Africa', 'earth world'],
      ['☀️', 'sun', 'sunny'],
      ['🌈', 'rainbow'],
      ['🐱', 'cat face', 'cat'],
      ['🐶', 'dog face', 'dog'],
      ['🍎', 'red apple', 'fruit'],
      ['🍕', 'pizza', 'food'],
      ['☕', 'hot beverage', 'coffee tea'],
      ['🍰', 'shortcake', 'cake'],
    ],
  ],
  [
    'Objects',
    [
      ['📚', 'books', 'study read'],
      ['✏️', 'pencil', 'write'],
      ['📝', 'memo', 'notes'],
      ['💡', 'light bulb', 'idea'],
      ['🔬', 'microscope', 'science'],
      ['🧪', 'test tube', 'science'],
      ['💻', 'laptop', 'computer'],
      ['🎧', 'headphone', 'audio'],
      ['📷', 'camera', 'photo'],
      ['⏰', 'alarm clock', 'time'],
      ['🎉', 'party popper', 'celebrate'],
      ['🏆', 'trophy', 'win'],
    ],
  ],
  [
    'Symbols',
    [
      ['❤️', 'red heart', 'love'],
      ['⭐', 'star'],
      ['🔥', 'fire', 'hot lit'],
      ['✨', 'sparkles'],
      ['✅', 'check mark button', 'done yes'],
      ['❌', 'cross mark', 'no wrong'],
      ['❓', 'red question mark', 'question'],
      ['❗', 'red exclamation mark', 'important'],
      ['💯', 'hundred points', 'perfect'],
      ['🚀', 'rocket', 'launch'],
    ],
  ],
];

export const EMOJI_DATA: EmojiData = {
  locale: 'en',
  categories: GROUPS.map(([label], index) => ({ index, label })),
  emojis: GROUPS.flatMap(([, emoji], category) =>
    emoji.map(([char, label, tags = '']) => ({
      emoji: char,
      category,
      label,
      version: 1,
      tags: tags.split(' ').filter(Boolean),
    })),
  ),
  skinTones: { light: '🏻', 'medium-light': '🏼', medium: '🏽', 'medium-dark': '🏾', dark: '🏿' },
};
