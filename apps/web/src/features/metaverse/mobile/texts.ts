/** Texts of the mobile metaverse page; tests import them from here. */
export const MobileText = {
  controls: 'Touch controls',
  emotes: 'Emotes',
  emoteList: 'Pick an emote',
  takePhoto: 'Take a photo',
  /** Looking around without a drag (WCAG 2.5.7): hold to keep turning. */
  turnLeft: 'Turn left',
  turnRight: 'Turn right',
  signedOutTitle: 'Step into the campus',
  signedOutBody:
    'Walk with the joystick, tap the floor to go there, and pinch to zoom. Enter as a guest now, or log in to keep your photos.',
  logIn: 'Log in',
} as const;
