/**
 * The character customiser's texts (issue 18), in a module of their own: the navigation's entry
 * shows one of them on every page, without the look schemas and option lists.
 */
/** The customiser's texts. */
export const CharacterText = {
  title: 'Customise your character',
  open: 'Customise character',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  randomise: 'Randomise',
  saved: 'Your character has been saved.',
  savedForVisit: 'Your character is set for this visit.',
  saveFailed: 'Your character could not be saved. Please try again.',
  loading: 'Loading your character…',
  loadFailed: 'Your character could not be loaded.',
  preview: 'Preview of your character. Drag to turn it.',
  previewUnavailable: 'The preview cannot be shown in this browser.',
  body: 'Body',
  skin: 'Skin',
  hairColour: 'Hair colour',
  hairStyle: 'Hair style',
  top: 'Top',
  bottom: 'Bottom',
  special: 'Avatar looks',
  noSpecial: 'None',
  locked: 'Locked',
  /** A special look whose avatar NFT the account does not own. */
  lockedLook: (name: string) => `Own the ${name} avatar NFT to wear this look.`,
  /** What a guest is told in the customiser (the guest warning: the character is not kept). */
  guestNote:
    'As a guest, your customised character cannot be saved: it is kept for this visit only.',
  /** A guest's save, refused by the server. */
  guestCannotSave: 'As a guest, your customised character cannot be saved. Register to keep it.',
  guestNoSpecial: 'Guests cannot wear avatar NFT looks.',
  lookInvalid: 'This character look does not exist.',
} as const;
