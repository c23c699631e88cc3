import { CommonText } from '@atrium/protocol';

/** Texts of the app shell. The spec's texts are copied letter for letter, so tests import them from here. */
export const ShellText = {
  productName: 'Atrium',
  tagline: 'A 3D campus in your browser',
  skipToContent: 'Skip to content',
  mainNavigation: 'Main',
  navHome: 'Home',
  navMetaverse: 'Metaverse',
  /** Issue 29: the admin console's link, for admins only. */
  navAdmin: 'Admin console',
  /** The disclosure that holds the signed-in entries where the bar is narrow. */
  navMore: 'More',
  /** SPEC §2 "Navigation and overlays". */
  myAlbum: 'My Album',
  myAlbumNew: 'new photos',
  signedInAs: 'Signed in as',
  logOut: 'Log out',
  /** SPEC §2: the loading overlay's default label. */
  loadingDefault: 'Loading... Please wait.',
  loadingProgress: 'Loading progress',
  pageLoading: 'Loading page…',
  unknownError: CommonText.unknownError,
  ok: 'OK',
  cancel: 'Cancel',
  confirm: 'Confirm',
  close: 'Close',
  notifications: 'Notifications',
  errorTitle: 'Something went wrong',
  fieldRequired: 'Please fill in this field.',
} as const;

/** The document title of each page. */
export const PageTitle = {
  home: 'Atrium — a 3D campus in your browser',
  metaverse: 'Metaverse · Atrium',
  forgot: 'Forgot password · Atrium',
  miniGame: 'Mini-game · Atrium',
  notFound: 'Page not found · Atrium',
  error: 'Something went wrong · Atrium',
} as const;
