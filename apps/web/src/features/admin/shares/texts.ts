import type { WorldLocation } from '@atrium/protocol';

/** The shares page's own words (issue 29). The server's refusals come in its own words. */
export const SharesText = {
  title: 'Shares and embedding',
  intro:
    'A share puts a world in another site: a frame at /embed/{id}, or the Player SDK, which controls it from the host page.',
  loadFailed: 'The shares could not be loaded.',
  none: 'No shares yet. Add one to embed a world in another site.',
  add: 'Add a share',
  edit: 'Edit',
  remove: 'Remove',
  forName: (name: string) => `for ${name}`,
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  create: 'Create',
  creating: 'Creating…',

  shareId: 'Share id',
  shareIdHint: 'The end of the address /embed/{id}: letters, digits, dashes, underscores.',
  shareTitle: 'Title',
  world: 'World',
  arrival: 'Arrival spot',
  arrivalDefault: 'World default',
  quality: 'Default quality',
  origins: 'Sites that may embed it',
  originsHint:
    'One origin a line, such as https://school.example. This campus may always embed it.',
  onlyHere: 'Only this campus',

  addTitle: 'Add a share',
  addIntro: 'Visitors of the sites listed here can walk the world inside their pages.',
  editTitle: (title: string) => `Edit ${title}`,
  editIntro: (id: string) => `The share id ${id} stays: pages that embed it keep working.`,
  removeTitle: (title: string) => `Remove the share ${title}?`,
  removeText: (id: string, message: string) =>
    `Pages that embed /embed/${id} show “${message}” instead of the world. The world itself is not changed.`,

  embed: 'Embed it',
  frameCode: 'Frame',
  frameHint: 'Paste into a page of an allowed site.',
  sdkCode: 'Player SDK',
  sdkHint:
    'From the host page the player also stops, goes full screen and sends messages: player.stop(), player.maximize(), player.sendSDKMessage(…).',
  codeFor: (kind: string, title: string) => `${kind} code for ${title}`,
  notAllowedYet:
    'No other site is allowed yet: add its address with Edit, or the frame stays blank there.',
  copy: 'Copy',
  copied: 'Copied',
  copySelected: 'Selected: press Ctrl+C (⌘C on a Mac) to copy.',
} as const;

/** The default qualities, named as the Player SDK names them (`Player.qualityValues`). */
export const qualityOptions = [
  { value: 0, label: 'Automatic' },
  { value: 360, label: 'Low (360p)' },
  { value: 720, label: 'Medium (720p)' },
  { value: 1080, label: 'High (1080p)' },
] as const;

export const locationLabels: Record<WorldLocation, string> = {
  plaza: 'The plaza',
  gallery: 'The gallery hall',
  classroom: 'The classrooms',
};
