import type { EntryPolicy } from '@atrium/protocol';

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/** The classrooms page's own words (issue 29). The server's answers come in its own words. */
export const ClassroomsText = {
  title: 'Classrooms',
  intro: 'Who is in each class now, breakout groups included. It refreshes every 10 seconds.',
  updated: (time: string) => `Updated ${time}`,
  loading: 'Loading the classrooms…',
  loadFailed: 'The classrooms could not be loaded.',
  refreshFailed: 'The last refresh failed: this is who was in at the time above.',
  retry: 'Try again',
  people,
  entryPolicy: 'Entry',
  policyNote: 'Teachers can change it from inside the class too, in its panel.',
  nobody: 'Nobody is in the class.',
  inClass: 'In the class',
  group: (n: number) => `Group ${n}`,
  endClass: 'End class',
  endClassFor: (room: string) => `in ${room}`,
  endTitle: (room: string) => `End the class in ${room}?`,
  endText: (count: number) =>
    `Everyone in it (${people(count)}) leaves, groups close, the record ends.`,
  nothingToEnd: 'Nobody to send out: the class is empty.',

  records: 'Class records',
  recordsIntro:
    'Each class session: who took part, when, hands raised and poll answers. Download one as CSV.',
  room: 'Classroom',
  recordsFailed: 'The class records could not be loaded.',
  noRecords: 'No class has been held here yet, or its records have expired.',
  started: 'Started',
  ended: 'Ended',
  running: 'Still running',
  participants: 'People',
  download: 'Download CSV',
  downloadFor: (when: string) => `of the class that started ${when}`,
  downloading: 'Downloading…',
  sessions: (room: string) => `Class sessions of ${room}`,

  retention: 'Keep class records for',
  retentionUnit: 'days',
  retentionHint: 'Older records are deleted, CSV and all.',
  retentionFailed: 'The retention could not be loaded.',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
} as const;

/** Each entry policy in one word, then what it means. */
export const policyLabels: Record<EntryPolicy, { label: string; meaning: string }> = {
  open: { label: 'Open', meaning: 'Everyone joins at once.' },
  ask: {
    label: 'Ask first',
    meaning: 'Students wait in the lobby until a teacher or admin lets them in.',
  },
};
