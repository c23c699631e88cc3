/**
 * The public event routes' paths under `/api`. The route descriptors of `events.api.ts` are built
 * on them; the web's event pages fetch these paths directly (`features/events/formApi.ts`), to
 * keep their first load within the home route's budget without the descriptors' schemas.
 */
export const EventsPath = {
  votingSubmit: '/api/public/voting/submit',
  recordSubmit: '/api/public/record-breaking/submit',
  gallery: '/api/public/gallery.json',
  countdown: '/api/public/events/countdown',
} as const;

/**
 * SPEC §7's own paths for the two public forms, and `gallery.json` beside the gallery page
 * (`/event/gallery.html` asks for `gallery.json`, which resolves there). They answer exactly as
 * their {@link EventsPath} twins, so a form or page written against the spec works unchanged.
 */
export const EventsSpecPath = {
  votingSubmit: '/public/voting/submit',
  recordSubmit: '/public/record-breaking/submit',
  gallery: '/event/gallery.json',
} as const;

/** The admin's event routes. */
export const EventsAdminPath = {
  updateGallery: '/api/events/gallery',
  updateCountdown: '/api/events/countdown',
  submissions: '/api/events/submissions',
  submissionsCsv: '/api/events/submissions.csv',
} as const;
