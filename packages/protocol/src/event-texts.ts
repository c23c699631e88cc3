// Issue 17's event pages: their texts and the contact check, without zod, so the pages that
// show them load no schema (the schemas are in event-pages.ts).

/**
 * Texts of the event pages (issue 17). SPEC §5 and §8's texts are copied letter for letter; the
 * others are Atrium's own.
 */
export const EventsText = {
  /** SPEC §5, in the order the fields are checked. */
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  phoneRequired: 'Phone number is required.',
  messageRequired: 'Suntec+ Loyalty Card Number is required.',
  /** SPEC §5: the `message` field is labelled as a loyalty card number. */
  messageLabel: 'Suntec+ Loyalty Card Number',
  /** SPEC §8: a voting or record answer that is not an object. */
  unknownError: 'Unknown error',
  /** SPEC §8: the gallery listing without entries. */
  noImages: 'No images available',
} as const;

/** SPEC §4 Voting and countdown; issue 17: 2022-05-04 19:00 at UTC+8 until an admin changes it. */
export const DEFAULT_LAUNCH_AT = '2022-05-04T19:00:00+08:00';

/** Issue 17: form submissions counted per address (a school's kiosk shares one address). */
export const EVENT_SUBMIT_LIMIT = 30;
export const EVENT_SUBMIT_WINDOW_MS = 10 * 60_000;

/** The contact fields in SPEC §5's order; the first missing one is the failure. */
export const CONTACT_FIELDS = ['name', 'email', 'phone_number', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

const requiredText: Record<ContactField, string> = {
  name: EventsText.nameRequired,
  email: EventsText.emailRequired,
  phone_number: EventsText.phoneRequired,
  message: EventsText.messageRequired,
};

export type ContactValues = Record<ContactField, string>;

/**
 * SPEC §5: values trimmed; the first empty field (name, email, phone, message) with its text.
 * No format checks. The web form and the server run the same check.
 */
export function firstMissingContactField(
  values: Partial<Record<ContactField, string | undefined>>,
): { field: ContactField; message: string } | null {
  for (const field of CONTACT_FIELDS) {
    if ((values[field] ?? '').trim() === '') return { field, message: requiredText[field] };
  }
  return null;
}

/** SPEC §9: the featuring carousel. */
export const CAROUSEL_AUTOPLAY_MS = 5000;
export const CAROUSEL_FADE_MS = 500;
/** SPEC §2/§9: `?skip-countdown=1` reveals the landing page at once. */
export const SKIP_COUNTDOWN_PARAM = 'skip-countdown';
