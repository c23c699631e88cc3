import { EventsText, type EventFormKind } from '@atrium/protocol';

/** The forms page's own words (issue 29). */
export const FormsText = {
  title: 'Forms',
  intro:
    'What visitors sent through the event pages’ two forms, oldest first. The CSV has every row of the kind shown.',
  kind: 'Form',
  loadFailed: 'The submissions could not be loaded.',
  empty: 'No submissions yet.',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  at: 'Sent',
  team: 'Team',
  teamNumber: (team: number) => `Team ${team}`,
  name: 'Name',
  email: 'Email',
  phone: 'Phone number',
  message: EventsText.messageLabel,
  submissions: (kind: string) => `${kind} submissions`,
} as const;

export const kindLabels: Record<EventFormKind, string> = {
  voting: 'Voting',
  record: 'Record-breaking',
};
