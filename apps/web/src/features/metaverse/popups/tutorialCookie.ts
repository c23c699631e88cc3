// The cookie module moved to shared/ so the mini-game's instruction popup uses the same one.
export * from '../../../shared/tutorialCookie.ts';
