/** The report dialog's words (the server's answers come from the contract's `AdminText`). */
export const ReportText = {
  report: 'Report',
  /** The chat's per-message action, for screen readers. */
  reportMessage: (name: string) => `Report ${name}'s message`,
  reportPerson: (name: string) => `Report ${name}`,
  title: (name: string) => `Report ${name}`,
  intro: 'An admin will look at what happened. The person is not told who reported them.',
  messageIntro:
    'An admin will look at this message and what happened. The person is not told who reported them.',
  reason: 'Reason',
  note: 'Note',
  optional: '(optional)',
  noteHint: (max: number) => `What happened, in your words (up to ${max} characters).`,
  send: 'Send report',
  sending: 'Sending…',
  cancel: 'Cancel',
} as const;
