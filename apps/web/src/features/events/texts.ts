import { EventsText } from '@atrium/protocol';

export { EventsText };

/**
 * Texts every event page shares. The SPEC's own texts are `EventsText` (protocol). Each page keeps
 * its other texts at its top (`LandingText`, `VotingText`, …): a texts module shared by all five
 * pages would ride in a chunk each of them loads, and the pages' first-load JavaScript has about
 * 1.5 KB gzipped to spare under the 170 KB budget.
 */
export const EventsWebText = {
  eyebrow: 'Launch day',
  backToEvent: 'Back to the event',
  retry: 'Try again',
  name: 'Name',
  email: 'Email',
  phone: 'Phone number',
  sending: 'Sending…',
  noImages: EventsText.noImages,
} as const;
