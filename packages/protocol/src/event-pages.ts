import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { CONTROL_CHARACTERS_MESSAGE, isLineText, multilineText } from './text.ts';

/**
 * The server's own answers and the admin's validation texts. Apart from `EventsText`
 * (event-texts.ts) so the web pages, which show whatever message the server sends, do not carry
 * them.
 */
export const EventsServerText = {
  teamRequired: 'Please choose a team.',
  teamInvalid: 'Please choose team 1 or team 2.',
  alreadyVoted: 'This email address has already voted. Each email address can vote once.',
  voteReceived: 'Thank you! Your vote has been counted.',
  recordReceived: 'Thank you! Your record-breaking entry has been received.',
  tooManySubmissions: 'Too many submissions from your network. Please try again in a few minutes.',
  onlyAdmins: 'Only admins can see event submissions or change the event pages.',
  nameTooLong: 'Name must be at most 120 characters.',
  emailTooLong: 'Email must be at most 254 characters.',
  phoneTooLong: 'Phone number must be at most 40 characters.',
  messageTooLong: 'Suntec+ Loyalty Card Number must be at most 200 characters.',
  launchAtInvalid: 'The launch date must be an ISO 8601 date and time with an offset.',
  galleryTooLong: 'The gallery can hold at most 500 entries.',
  galleryDuplicateId: 'Each gallery entry needs its own gallery_id.',
  galleryDateInvalid: 'date must be a date such as 2022-05-04.',
  galleryImageInvalid: 'thumbnail and image must be http(s) URLs or /paths.',
  galleryTitleRequired: 'Title is required.',
  galleryIdInvalid: 'gallery_id must be 1 to 64 letters, digits, dashes or underscores.',
} as const;

/** The two forms of SPEC §7. */
export const EventFormKind = z.enum(['voting', 'record']);
export type EventFormKind = z.infer<typeof EventFormKind>;

/** A trimmed one-line value; missing means empty (the required check follows, in order). */
const contactValue = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(isLineText, CONTROL_CHARACTERS_MESSAGE)
    .optional()
    .default('');

/** A function, so the contact fields' schemas are built where they are used. */
const contactShape = () => ({
  name: contactValue(120, EventsServerText.nameTooLong),
  email: contactValue(254, EventsServerText.emailTooLong),
  phone_number: contactValue(40, EventsServerText.phoneTooLong),
  message: contactValue(200, EventsServerText.messageTooLong),
});

/** SPEC §3 Record-breaking payload (JSON or a urlencoded form). */
export const RecordSubmitSchema = z.object(contactShape()).meta({ id: 'RecordSubmit' });
export type RecordSubmit = z.output<typeof RecordSubmitSchema>;

/** SPEC §3 Voting payload; a form sends the team as the text `1` or `2`. */
export const VotingSubmitSchema = z
  .object({
    vote_team: z
      .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], {
        error: EventsServerText.teamInvalid,
      })
      .transform((v) => Number(v) as 1 | 2)
      .optional(),
    ...contactShape(),
  })
  .meta({ id: 'VotingSubmit' });
export type VotingSubmit = z.output<typeof VotingSubmitSchema>;

/** SPEC §7: `{status, data}` with data the message to show. */
export const EventSubmitResponseSchema = okEnvelope(z.string()).meta({ id: 'EventSubmitResult' });

/** One stored submission, as admins see it. */
export const EventSubmissionSchema = z
  .object({
    id: z.number().int(),
    kind: EventFormKind,
    vote_team: z.number().int().nullable(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    message: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'EventSubmission' });
export type EventSubmission = z.infer<typeof EventSubmissionSchema>;

export const EventSubmissionsQuerySchema = z.strictObject({ kind: EventFormKind });
export const EventSubmissionsResponseSchema = okEnvelope(z.array(EventSubmissionSchema));

/** The countdown's target: an ISO 8601 date-time with an offset or `Z`. */
export const LaunchAtSchema = z.iso.datetime({
  offset: true,
  error: EventsServerText.launchAtInvalid,
});
export const EventCountdownSchema = z
  .strictObject({ launch_at: LaunchAtSchema })
  .meta({ id: 'EventCountdown' });
export type EventCountdown = z.infer<typeof EventCountdownSchema>;
export const EventCountdownResponseSchema = okEnvelope(EventCountdownSchema);

const imageRef = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/[\w\-./%]{1,500}$/.test(v),
    EventsServerText.galleryImageInvalid,
  );

/** SPEC §3 Gallery entry. */
export const GalleryEntrySchema = z
  .object({
    gallery_id: z.union([
      z.number().int().nonnegative(),
      z.string().regex(/^[\w-]{1,64}$/, EventsServerText.galleryIdInvalid),
    ]),
    thumbnail: imageRef,
    image: imageRef,
    title: z
      .string()
      .trim()
      .min(1, EventsServerText.galleryTitleRequired)
      .max(160)
      .refine(isLineText, CONTROL_CHARACTERS_MESSAGE),
    description: multilineText().trim().max(2000).default(''),
    date: z
      .string()
      .trim()
      .regex(
        /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/,
        EventsServerText.galleryDateInvalid,
      )
      .refine((v) => !Number.isNaN(Date.parse(v)), EventsServerText.galleryDateInvalid),
  })
  .meta({ id: 'GalleryEntry' });
export type GalleryEntry = z.output<typeof GalleryEntrySchema>;

export const GalleryListSchema = z
  .array(GalleryEntrySchema)
  .max(500, EventsServerText.galleryTooLong)
  .refine(
    (list) => new Set(list.map((e) => String(e.gallery_id))).size === list.length,
    EventsServerText.galleryDuplicateId,
  );

export const GalleryUpdateSchema = z.strictObject({ entries: GalleryListSchema });
export const GalleryUpdateResponseSchema = okEnvelope(GalleryListSchema);
