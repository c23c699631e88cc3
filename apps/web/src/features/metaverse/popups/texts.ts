import { COIN_SYMBOL, PosterText, type Emote } from '@atrium/protocol';

/** One row of the tutorial's Control slide: keys to press and/or a mouse gesture. */
export interface TutorialControl {
  action: string;
  keys?: readonly string[];
  mouse?: string;
}

/** One row of the touch tutorial's Control slide: the gesture that does it. */
export interface TouchControl {
  action: string;
  gesture: string;
}

/**
 * Texts of the metaverse page's popups. The spec's texts (SPEC §2 "Other dialogs", §8) are copied
 * letter for letter, so tests import them from here.
 */
export const MetaverseText = {
  close: 'Close',
  closeUpper: 'CLOSE',
  /** SPEC §2 "Tutorial popup". */
  tutorial: {
    eyebrow: 'How to play',
    slideOf: (slide: number, count: number) => `${slide} of ${count}`,
    goToSlide: (slide: number) => `Go to slide ${slide}`,
    slides: 'Tutorial slides',
    controlTitle: 'Control',
    controlDescription: 'Find your way around the campus with the keyboard and mouse.',
    emoticonsTitle: 'Keyboard Emoticons',
    emoticonsDescription: 'Press a number key to show everyone how you feel.',
    emoticonsTip: 'Everyone near you sees your avatar play the emote.',
    or: 'or',
    controls: [
      { action: 'Move', keys: ['W', 'A', 'S', 'D'] },
      { action: 'Interact', keys: ['E'], mouse: 'Left click' },
      { action: 'Move view', mouse: 'Drag' },
      { action: 'Jump', keys: ['SPACE'] },
      { action: 'Inventory', keys: ['I'] },
      { action: 'Zoom', mouse: 'Scroll' },
      { action: 'Auto move', mouse: 'Double click floor' },
    ] satisfies readonly TutorialControl[],
    dontShowAgain: "Don't show again",
    previous: 'Previous',
    next: 'Next',
    gotIt: 'Got it',
  },
  /** The mobile page's tutorial: the same two slides, for fingers instead of keys and mouse. */
  touchTutorial: {
    controlDescription: 'Find your way around the campus with your fingers.',
    emoticonsTitle: 'Emoticons',
    emoticonsDescription: 'Tap the emote button, then pick how you feel.',
    controls: [
      { action: 'Move', gesture: 'Joystick, bottom left' },
      { action: 'Walk to a spot', gesture: 'Tap the floor' },
      { action: 'Look around', gesture: 'Drag with one finger, or hold an arrow button' },
      { action: 'Zoom', gesture: 'Pinch' },
      { action: 'Interact', gesture: 'Tap the hint that appears' },
      { action: 'Emotes', gesture: 'Emote button' },
      { action: 'Take a photo', gesture: 'Camera button' },
    ] satisfies readonly TouchControl[],
  },
  /** SPEC §2 "Keyboard Emoticons": how each emote reads on its key. */
  emotes: {
    waving: { label: 'Waving', icon: '👋' },
    clapping: { label: 'Clapping', icon: '👏' },
    agree: { label: 'Agree', icon: '👍' },
    disagree: { label: 'Disagree', icon: '👎' },
    happy: { label: 'Happy', icon: '😊' },
    laugh: { label: 'Laugh', icon: '😂' },
    greet: { label: 'Greet', icon: '🙋' },
    angry: { label: 'Angry', icon: '😠' },
    thinking: { label: 'Thinking', icon: '🤔' },
    dance: { label: 'Dance', icon: '💃' },
  } satisfies Record<Emote, { label: string; icon: string }>,
  /** SPEC §2 "fullscreen recommendation popup". */
  fullscreen: {
    title: 'Best in fullscreen',
    message:
      'For the best experience, explore the campus in fullscreen: more room to look around and no browser bars in the way. Press Esc at any time to leave.',
    goFullscreen: 'Go fullscreen',
    notNow: 'Not now',
  },
  /** SPEC §2 "Poster description popup" and §8. */
  /** Video links in articles and poster descriptions (SPEC §5). */
  video: {
    /** The player frame's title, for screen readers. */
    frameTitle: (n: number) => `Video ${n} (YouTube)`,
    opensInNewTab: '(opens in a new tab)',
  },
  poster: {
    buyPrint: 'BUY THIS PRINT',
    buyNft: 'BUY NFT',
    close: 'CLOSE',
    loading: 'Loading poster…',
    fallbackTitle: 'Poster',
    unableToLoadDetail: PosterText.unableToLoadDetail,
    opensInNewTab: '(opens in a new tab)',
    nftOffer: (tokenId: string, price: string) =>
      `NFT token #${tokenId} · price ${price} ${COIN_SYMBOL}`,
    nftLaterTitle: 'NFT wallet',
    nftLaterMessage:
      'Buying this poster as an NFT needs the digital wallet, which arrives in a later version of the campus. You can already buy a print.',
  },
  /** SPEC §4 "Session" and §8: the unsupported-device warning. */
  unsupportedDevice: {
    title: 'Warning!',
    message:
      'Please use a Mac or Windows PC with a recent version of Chrome, Edge, Firefox or Safari to enter the metaverse.',
    detail: 'This browser cannot draw the 3D campus: WebGL is switched off or not available.',
    backToHome: 'Back to home',
  },
  /** SPEC §9 "Home": the loading ticker's six phrases. */
  tickerPhrases: [
    'Polishing the gallery floors…',
    'Hanging the posters straight…',
    'Switching on the lecture hall lights…',
    'Watering the plants in the atrium…',
    'Waking up the campus guides…',
    'Unlocking the classroom doors…',
  ],
} as const;
