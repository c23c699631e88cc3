import type { AuditAction, PersonState, SanctionKind } from '@atrium/protocol';

/**
 * The console's own words. What the server says (refusals, confirmations) comes from the
 * contract's `AdminText` and reaches the page as the answer's `message`.
 */
export const AdminUiText = {
  pageTitle: 'Admin console · Atrium',
  title: 'Admin console',
  nav: 'Admin sections',
  dashboard: 'Dashboard',
  people: 'People',
  roster: 'Roster import',
  access: 'Sign-up and access',
  moderation: 'Moderation',
  audit: 'Audit log',
  content: 'Content',
  shares: 'Shares and embedding',
  forms: 'Forms',
  classrooms: 'Classrooms',

  // Tables.
  loading: 'Loading…',
  retry: 'Try again',
  loadFailed: 'This list could not be loaded.',
  noOne: 'No one matches.',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  totalRows: (total: number) => (total === 1 ? '1 result' : `${total} results`),
  pageSize: 'Rows per page',
  previous: 'Previous',
  next: 'Next',
  pagination: 'Pages',
  sortBy: (column: string) => `Sort by ${column}`,
  actions: 'Actions',
  actionsFor: (name: string) => `Actions for ${name}`,
  forName: (name: string) => `for ${name}`,

  // People.
  search: 'Search',
  searchPeopleHint: 'Username or email',
  role: 'Role',
  state: 'State',
  anyRole: 'Any role',
  anyState: 'Any state',
  addPerson: 'Add person',
  username: 'Username',
  email: 'Email',
  lastLogin: 'Last login',
  lastSeen: 'Last seen',
  created: 'Created',
  never: 'Never',
  banned: 'Banned',
  muted: 'Muted',
  bannedUntil: (until: string) => `Banned until ${until}`,
  bannedForGood: 'Banned for good',
  mutedUntil: (until: string) => `Muted until ${until}`,
  edit: 'Edit',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  /** The toast's button after a change that is cheap to take back. */
  undo: 'Undo',
  delete: 'Delete',
  resendActivation: 'Resend activation',
  moderate: 'Warn, mute, kick or ban',
  createTitle: 'Add a person',
  createIntro: 'The account waits for its activation mail, or is active at once.',
  sendActivation: 'Send an activation mail (the person sets a password from it)',
  create: 'Create',
  creating: 'Creating…',
  editTitle: (name: string) => `Edit ${name}`,
  editIntro: 'Change the name, the email address or the role.',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteMessage: (name: string) =>
    `This deletes ${name}'s account with their files, sessions, friendships, notifications and ` +
    'wallet link. It cannot be undone. The audit log keeps its entries.',
  deactivateTitle: (name: string) => `Deactivate ${name}?`,
  deactivateMessage: (name: string) =>
    `${name} is signed out everywhere and cannot sign in until reactivated. Nothing is deleted.`,

  // Sanctions.
  sanctionTitle: (name: string) => `Act on ${name}`,
  sanctionIntro: 'The person is told the reason of a warning; every action is in the audit log.',
  action: 'Action',
  minutes: 'Minutes',
  minutesHint: 'How long it lasts, e.g. 60 for an hour, 1440 for a day.',
  forGood: 'For good',
  reason: 'Reason',
  apply: 'Apply',
  applying: 'Applying…',
  banNeedsLength: 'Say how many minutes the ban lasts, or choose for good.',

  // Moderation.
  reports: 'Reports',
  reportsOpen: 'Open',
  reportsResolved: 'Resolved',
  reportsShow: 'Show reports',
  noReports: 'No reports here.',
  reportedAt: 'When',
  reporter: 'Reporter',
  target: 'Reported',
  room: 'Where',
  note: 'Note',
  message: 'Message',
  resolution: 'Resolution',
  resolve: 'Resolve',
  resolveTitle: (name: string) => `Resolve the report on ${name}`,
  resolveIntro: 'Say in a few words what was done; the report moves to the resolved list.',
  resolving: 'Resolving…',
  actOnTarget: 'Act on the person',
  removeMessage: 'Delete the message',
  removeMessageTitle: 'Delete the reported message?',
  removeMessageText: (room: string) =>
    `Everyone in ${room} stops seeing it. The report keeps its text, and the audit log the deletion.`,
  messageRemoved: 'The message was deleted.',
  sanctions: 'Sanctions',
  sanctionsInForce: 'Mutes and bans in force',
  sanctionsAll: 'Every sanction, past ones too',
  showAllSanctions: 'Show past sanctions too',
  noSanctions: 'No sanctions here.',
  who: 'Who',
  until: 'Until',
  by: 'By',
  kind: 'Action',
  lift: 'Lift',
  lifted: 'Lifted',
  liftTitle: (kind: string, name: string) => `Lift the ${kind} of ${name}?`,
  liftMessage: 'It ends now; the audit log keeps the sanction and its lifting.',
  atOnce: 'At once',
  banAddress: 'Ban a network address',
  banAddressIntro: 'Guests from this address cannot enter. Accounts are banned from People.',
  address: 'Network address',
  addressExample: 'e.g. 203.0.113.7',
  ban: 'Ban',
  banning: 'Banning…',

  // The darts leaderboard.
  leaderboardTitle: 'Darts leaderboard',
  leaderboardIntro:
    "Remove a player's entry: every win of theirs in that mode. The plaza's board redraws at once.",
  leaderboardMode: 'Mode',
  leaderboardRemove: 'Remove entry',
  leaderboardConfirmTitle: (name: string, mode: string) =>
    `Remove ${name} from the ${mode} leaderboard?`,
  leaderboardConfirmMessage:
    'All their wins in this mode are removed. The audit log keeps the removal.',
  leaderboardRemoved: (name: string, wins: number) =>
    `${name} was removed from the leaderboard (${wins === 1 ? '1 win' : `${wins} wins`}).`,

  // Audit.
  anyAction: 'Any action',
  searchAuditHint: 'Actor, target or address',
  at: 'When',
  actor: 'Actor',
  auditAction: 'Action',
  auditTarget: 'Target',
  change: 'Change',
  showChange: 'Show the change',
  before: 'Before',
  after: 'After',
  noEntries: 'No entries match.',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
} as const;

export const stateLabels: Record<PersonState, string> = {
  waiting: 'Waiting',
  active: 'Active',
  deactivated: 'Deactivated',
};

export const sanctionLabels: Record<SanctionKind, string> = {
  warn: 'Warn',
  mute: 'Mute in chat',
  kick: 'Kick',
  ban: 'Ban',
};

/** The sanction as a noun, for "Lift the mute of …". */
export const sanctionNouns: Record<SanctionKind, string> = {
  warn: 'warning',
  mute: 'mute',
  kick: 'kick',
  ban: 'ban',
};

/**
 * How the log names each action. Other features add actions of their own (`RouteSpec.audit`), so
 * one without a label here shows as the server names it.
 */
const auditActionNames: Partial<Record<AuditAction, string>> = {
  'person.create': 'Account created',
  'person.update': 'Account changed',
  'person.role': 'Role changed',
  'person.deactivate': 'Account deactivated',
  'person.reactivate': 'Account reactivated',
  'person.delete': 'Account deleted',
  'person.activation': 'Activation mail sent',
  'report.resolve': 'Report resolved',
  'sanction.warn': 'Warned',
  'sanction.mute': 'Muted',
  'sanction.kick': 'Kicked',
  'sanction.ban': 'Banned',
  'sanction.lift': 'Sanction lifted',
  'settings.access': 'Sign-up and guest access changed',
  'roster.import': 'Roster imported',
  'classroom.end': 'Class ended',
  'classroom.policy': 'Class entry changed',
  'settings.public': 'Public setting changed',
  'poster.create': 'Poster created',
  'poster.update': 'Poster changed',
  'poster.delete': 'Poster deleted',
  'share.create': 'Share created',
  'share.update': 'Share changed',
  'share.delete': 'Share deleted',
  'settings.limits': 'Limits changed',
  'settings.wallet': 'Wallet settings changed',
  'settings.classroom': 'Classroom settings changed',
  'settings.popup_allowlist': 'Popup allowlist changed',
  'events.gallery': 'Event gallery changed',
  'events.countdown': 'Event countdown changed',
  'chat.remove': 'Chat message deleted',
  'chat.clear': 'Chat cleared',
  'leaderboard.remove': 'Leaderboard entry removed',
};

/** The log's name for an action. */
export const auditActionLabel = (action: AuditAction): string => auditActionNames[action] ?? action;
