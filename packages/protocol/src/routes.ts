/** Page routes of SPEC §2 that the web app renders. The server answers them with the app shell. */
export const AppRoute = {
  home: '/',
  metaverse: '/metaverse/index.html',
  /** The mobile variant: the same world with touch controls and a fullscreen prompt. */
  mobileMetaverse: '/metaverse/mobile.html',
  forgot: '/metaverse/forgot.html',
  miniGame: '/mini-game/index.html',
  /** Issue 17's event pages: the landing page with its countdown, and what it leads to. */
  event: '/event/index.html',
  voting: '/event/voting.html',
  recordBreaking: '/event/record-breaking.html',
  gallery: '/event/gallery.html',
  featuring: '/event/featuring.html',
} as const;
export type AppRoute = (typeof AppRoute)[keyof typeof AppRoute];

const appRoutes = new Set<string>(Object.values(AppRoute));

/** Whether a request path is one of the app's own pages (so it is served with status 200). */
export function isAppRoute(pathname: string): boolean {
  return appRoutes.has(pathname);
}
