/** Texts of the metaverse page's world flow; tests import them from here. */
export const WorldText = {
  /** SPEC §8: the alert when the world cannot start. */
  failed: 'Error starting the game.',
  retry: 'Try again',
  signedOutTitle: 'Sign in to enter the campus',
  signedOutBody:
    'Log in with your account, or enter as a guest from the home page, and your avatar will be waiting at the plaza.',
  signedOutAction: 'Log in or enter as a guest',
  frameTitle: 'Campus world',
  welcome: (name: string) => `Welcome to ${name}`,
  welcomeHint:
    'Walk with WASD, look around with the arrow keys or by dragging, press E near a poster.',
  sessionEndTitle: 'Your session has ended',
  sessionEndInactive: 'You were away for a while, so we closed the world to save resources.',
  sessionEndCrash: 'The world stopped unexpectedly. Enter again to continue where you were.',
  sessionEndStopped: 'You left the world.',
  enterAgain: 'Enter again',
  backHome: 'Back to home',
  leave: 'Leave',
  otherWorldTitle: 'You are visiting another world',
  otherWorldBody: 'It opened in a new window. Close that window to come back here.',
  otherWorldReturning: (seconds: number) => `Welcome back! The campus reopens in ${seconds} s.`,
  otherWorldBlocked: 'Your browser blocked the new window. Open the other world here:',
  openOtherWorld: 'Open the other world',
  returnNow: 'Return now',
  /** The world's toolbar folds behind this button on a narrow window. */
  toolbarMenu: 'Menu',
  toolbarLabel: 'World',
  takePhoto: 'Take a photo',
  howToPlay: 'How to play',
  fullscreen: 'Fullscreen',
  miniGames: 'Mini-games',
  /** SPEC §9: the collection list has one entry, dart. */
  miniGameDart: 'Dart',
  miniGameFrame: 'Dart mini-game',
  /** SPEC §2: the mini-game video panel beside the game, on windows at least 1200 px wide. */
  miniGameVideo: 'Video room',
  miniGameWon: (username: string) => `${username} won the game of darts!`,
  miniGameLost: (username: string) =>
    `${username} finished a game of darts. Better luck next time!`,
  photoSaved: 'Photo saved to your album.',
  inventoryTitle: 'Inventory',
  inventoryEmpty: 'Your inventory is empty. Items you collect on campus will appear here.',
  nftSoon: 'Buying NFTs',
  nftSoonBody: 'The wallet that buys this NFT is not available on this campus yet.',
} as const;
