/** Texts of the album and share modals (SPEC §2, §8); tests import them from here. */
export const AlbumText = {
  title: 'My Album',
  coverLead: 'The photos you take in the campus, kept for you.',
  open: 'Open',
  close: 'Close',
  /** SPEC §2: the empty album. */
  empty: 'No screenshot available.',
  loading: 'Loading your photos…',
  prevPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  openPhoto: (title: string) => `Open ${title}`,
  backToGallery: 'Back to gallery',
  share: 'Share',
  edit: 'Edit',
  loadingEditor: 'Opening the editor…',
  delete: 'Delete',
  deleteTitle: 'Delete photo',
  /** SPEC §4: asked before a delete. */
  deleteConfirm: 'Are you sure? This action can not be undone.',
  prevPhoto: 'Previous photo',
  nextPhoto: 'Next photo',
  thumbnails: 'Photos',
  untitled: 'Untitled photo',
  imageUnavailable: 'Image unavailable',
  shareTitle: 'Share photo',
  shareLead: 'Share this photo on a network, by email, or with a link.',
  /** SPEC §2: the share text inviting people to join. */
  shareText: 'Take a look at my photo from the Atrium campus, and come join me there!',
  shareSubject: 'A photo from the Atrium campus',
  /** Photos of students are personal data: the owner is told when a public link comes to be. */
  shareNoLinkYet:
    'No public link exists yet. Picking a target or copying the link makes one: anyone who has it can see this photo, until you revoke it.',
  shareLinkLive: 'This photo has a public link: anyone who has it can see this photo.',
  checkingLink: 'Checking for a public link…',
  preparingLink: 'Making the public link…',
  linkLabel: 'Public link',
  copyLink: 'Copy link',
  copied: 'Link copied',
  revokeLink: 'Revoke link',
  revoked: 'The share link was revoked. Anyone opening it now sees nothing.',
  shareOn: (target: string) => `Share on ${target}`,
} as const;
