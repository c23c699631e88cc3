/**
 * The editor's open-licensed graphics and fonts, shipped under apps/web/public/editor and served
 * at /editor/... Their sources and licences are listed in the repository's NOTICE file (and in
 * the LICENSE-*.txt files next to them).
 */

/** A sticker or doodle the Graphic tool can place. */
export interface EditorGraphic {
  /** Unique across stickers and doodles: 'sticker-…' or 'doodle-…'. */
  id: string;
  /** What the picker shows (also the image's alt text). */
  label: string;
  /** Where the SVG is served, e.g. '/editor/stickers/party-popper.svg'. */
  url: string;
}

/** A font the Text tool offers. */
export interface EditorFont {
  id: string;
  /** The CSS font family to draw with, once loaded by `loadEditorFont`. */
  family: string;
  /** The font's own name, shown in the picker. */
  label: string;
  /** The woff2 file (latin subset). */
  url: string;
  /** The one weight shipped: 400, or 700 for some display faces. */
  weight: number;
}

/** Twemoji, colour (CC BY 4.0). File names are the emoji's names. */
// prettier-ignore
const STICKER_NAMES = [
  'star', 'glowing-star', 'sparkles', 'dizzy', 'shooting-star', 'red-heart', 'orange-heart',
  'yellow-heart', 'green-heart', 'blue-heart', 'purple-heart', 'sparkling-heart',
  'heart-with-ribbon', 'two-hearts', 'party-popper', 'confetti-ball', 'balloon', 'birthday-cake',
  'wrapped-gift', 'trophy', '1st-place-medal', 'sports-medal', 'crown', 'fire', 'rainbow',
  'sun-with-face', 'sunflower', 'cherry-blossom', 'four-leaf-clover', 'hibiscus', 'books',
  'graduation-cap', 'open-book', 'pencil', 'artist-palette', 'musical-note', 'musical-notes',
  'camera-with-flash', 'grinning-face-with-big-eyes', 'grinning-squinting-face',
  'face-with-tears-of-joy', 'smiling-face-with-heart-eyes', 'smiling-face-with-sunglasses',
  'star-struck', 'partying-face', 'winking-face', 'smiling-face-with-halo', 'nerd-face',
  'thumbs-up', 'clapping-hands', 'raising-hands', 'victory-hand', 'waving-hand', 'flexed-biceps',
  'ok-hand', 'hundred-points', 'bullseye', 'rocket', 'light-bulb', 'soccer-ball', 'basketball',
  'unicorn', 'dog-face', 'cat-face', 'ice-cream', 'pizza',
] as const;

/** Lucide line icons, drawn in #111111 with round 2px strokes (ISC). */
// prettier-ignore
const DOODLE_NAMES = [
  'arrow-right', 'arrow-left', 'arrow-up', 'arrow-down', 'arrow-up-right', 'arrow-down-right',
  'big-arrow-right', 'big-arrow-up', 'long-arrow-right', 'curved-arrow-right',
  'curved-arrow-left', 'corner-arrow', 'heart', 'heart-hands', 'star', 'twinkle', 'sparkles',
  'cloud', 'rain-cloud', 'sun-behind-cloud', 'storm-cloud', 'sun', 'moon', 'moon-and-star',
  'rainbow', 'snowflake', 'umbrella', 'lightning', 'flame', 'droplet', 'music-notes',
  'music-note', 'music-notes-beamed', 'headphones', 'speech-bubble', 'speech-box', 'love-bubble',
  'chat-bubble', 'crown', 'smile', 'laugh', 'hand-heart', 'frown', 'meh', 'annoyed', 'flower',
  'tulip', 'leaf', 'sprout', 'pine-tree', 'trees', 'clover', 'cherry', 'apple', 'banana', 'cake',
  'cookie', 'ice-cream', 'pizza', 'coffee', 'soda-cup', 'gift', 'party-popper', 'trophy', 'medal',
  'award', 'balloon', 'rocket', 'plane', 'bike', 'car', 'bus', 'sailboat', 'anchor', 'palette',
  'brush', 'pencil', 'pen-nib', 'scissors', 'camera', 'open-book', 'graduation-cap', 'light-bulb',
  'bell', 'paperclip', 'key', 'flag', 'map-pin', 'globe', 'bird', 'cat', 'dog', 'fish', 'rabbit',
  'squirrel', 'bug', 'snail', 'ghost', 'footprints',
] as const;

/** 'smiling-face-with-halo' → 'Smiling face with halo'. */
function labelOf(name: string): string {
  const words = name.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function graphics(kind: 'sticker' | 'doodle', names: readonly string[]): EditorGraphic[] {
  return names.map((name) => ({
    id: `${kind}-${name}`,
    label: labelOf(name),
    url: `/editor/${kind}s/${name}.svg`,
  }));
}

/** The Graphic tool's 66 colour stickers. */
export const STICKERS: readonly EditorGraphic[] = graphics('sticker', STICKER_NAMES);

/** The Graphic tool's 99 black line doodles (transparent background). */
export const DOODLES: readonly EditorGraphic[] = graphics('doodle', DOODLE_NAMES);

/** The Text tool's 13 fonts (Fontsource, SIL OFL 1.1): [file stem, name, weight]. */
const FONT_FILES: readonly (readonly [string, string, number])[] = [
  ['inter', 'Inter', 400],
  ['roboto', 'Roboto', 400],
  ['lora', 'Lora', 400],
  ['merriweather', 'Merriweather', 400],
  ['playfair-display', 'Playfair Display', 700],
  ['oswald', 'Oswald', 400],
  ['bebas-neue', 'Bebas Neue', 400],
  ['amatic-sc', 'Amatic SC', 700],
  ['pacifico', 'Pacifico', 400],
  ['lobster', 'Lobster', 400],
  ['dancing-script', 'Dancing Script', 400],
  ['caveat', 'Caveat', 400],
  ['press-start-2p', 'Press Start 2P', 400],
];

/**
 * The Text tool's fonts. Families are prefixed 'Atrium ' so a copy installed on the user's
 * machine (possibly another version) is never picked instead of the shipped file.
 */
export const FONTS: readonly EditorFont[] = FONT_FILES.map(([stem, label, weight]) => ({
  id: `font-${stem}`,
  family: `Atrium ${label}`,
  label,
  url: `/editor/fonts/${stem}-${weight}.woff2`,
  weight,
}));

/** The font new text starts in. */
export const DEFAULT_FONT_ID = 'font-inter';

const graphicsById = new Map([...STICKERS, ...DOODLES].map((g) => [g.id, g]));

/** The sticker or doodle with this id, if any. */
export function findGraphic(id: string): EditorGraphic | undefined {
  return graphicsById.get(id);
}

const fontLoads = new Map<string, Promise<void>>();

/**
 * Loads a font with the FontFace API (browser only) so canvas text can use it; resolves when
 * ready; cached per id. A failed load is forgotten, so a later call tries again.
 */
export async function loadEditorFont(font: EditorFont): Promise<void> {
  let load = fontLoads.get(font.id);
  if (!load) {
    const face = new FontFace(font.family, `url(${font.url}) format('woff2')`, {
      weight: String(font.weight),
      style: 'normal',
      display: 'swap',
    });
    load = face.load().then((loaded) => {
      document.fonts.add(loaded);
    });
    fontLoads.set(font.id, load);
    load.catch(() => fontLoads.delete(font.id));
  }
  return load;
}
