import {
  EventCountdownResponseSchema,
  EventCountdownSchema,
  EventSubmissionsQuerySchema,
  EventSubmissionsResponseSchema,
  EventSubmitResponseSchema,
  GalleryListSchema,
  GalleryUpdateResponseSchema,
  GalleryUpdateSchema,
  RecordSubmitSchema,
  VotingSubmitSchema,
} from '../event-pages.ts';
import { defineRoute } from '../http/route.ts';
import { EventsAdminPath, EventsPath, EventsSpecPath } from './events.paths.ts';

const tags = ['events'] as const;

/** JSON or a urlencoded form (the server parses both). */
const votingSubmit = defineRoute({
  method: 'POST',
  path: EventsPath.votingSubmit,
  body: VotingSubmitSchema,
  response: EventSubmitResponseSchema,
  tags,
  errors: [409, 429],
  summary: 'Vote for team 1 or 2 (one vote per email address)',
});

const recordSubmit = defineRoute({
  method: 'POST',
  path: EventsPath.recordSubmit,
  body: RecordSubmitSchema,
  response: EventSubmitResponseSchema,
  tags,
  errors: [429],
  summary: 'Sign up for the record-breaking attempt',
});

const gallery = defineRoute({
  method: 'GET',
  path: EventsPath.gallery,
  response: GalleryListSchema,
  tags,
  errors: [],
  summary: 'The gallery listing (SPEC §3 gallery entries)',
});

/**
 * Issue 17's event pages: SPEC §7's two public forms and `gallery.json`, the countdown's date,
 * and the admin's view of submissions (JSON and CSV) and of the gallery list.
 */
export const EventsApi = {
  votingSubmit,
  recordSubmit,
  gallery,
  /** SPEC §7's paths for the same forms and listing ({@link EventsSpecPath}). */
  specVotingSubmit: defineRoute({
    ...votingSubmit,
    path: EventsSpecPath.votingSubmit,
    summary: `${votingSubmit.summary} (SPEC §7 path)`,
  }),
  specRecordSubmit: defineRoute({
    ...recordSubmit,
    path: EventsSpecPath.recordSubmit,
    summary: `${recordSubmit.summary} (SPEC §7 path)`,
  }),
  specGallery: defineRoute({
    ...gallery,
    path: EventsSpecPath.gallery,
    summary: `${gallery.summary}, beside the gallery page`,
  }),
  updateGallery: defineRoute({
    method: 'PUT',
    path: EventsAdminPath.updateGallery,
    body: GalleryUpdateSchema,
    response: GalleryUpdateResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'Replace the gallery listing (admin)',
    audit: 'events.gallery',
  }),
  countdown: defineRoute({
    method: 'GET',
    path: EventsPath.countdown,
    response: EventCountdownResponseSchema,
    tags,
    errors: [],
    summary: "The landing page's launch date",
  }),
  updateCountdown: defineRoute({
    method: 'PUT',
    path: EventsAdminPath.updateCountdown,
    body: EventCountdownSchema,
    response: EventCountdownResponseSchema,
    tags,
    errors: [401, 403],
    summary: "Change the landing page's launch date (admin)",
    audit: 'events.countdown',
  }),
  submissions: defineRoute({
    method: 'GET',
    path: EventsAdminPath.submissions,
    query: EventSubmissionsQuerySchema,
    response: EventSubmissionsResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'Voting or record-breaking submissions, oldest first (admin)',
  }),
  /** `text/csv`, as a download. */
  submissionsCsv: defineRoute({
    method: 'GET',
    path: EventsAdminPath.submissionsCsv,
    query: EventSubmissionsQuerySchema,
    tags,
    errors: [401, 403],
    summary: 'Voting or record-breaking submissions as CSV (admin)',
  }),
} as const;
