// Issue 29: the admin console's contract: people, the audit log, reports and sanctions. The
// console's forms validate with these schemas, so the page and the API refuse the same input with
// the same texts.
import { z } from 'zod';
import { EmailSchema, UsernameSchema } from './auth.ts';
import { okEnvelope, okWith } from './envelope.ts';
import { RoleSchema } from './roles.ts';
import { SettingKeySchema } from './settings.ts';

/** Every text of the console and of the moderation that reaches people. */
export const AdminText = {
  personNotFound: 'That person does not exist.',
  notYourself: 'You cannot do that to your own account.',
  lastAdmin: 'The campus needs at least one active admin.',
  usernameTaken: 'That username is taken.',
  emailTaken: 'That email address already has an account.',
  created: 'Account created. An activation mail is on its way.',
  createdActive: 'Account created.',
  updated: 'Saved.',
  nothingToUpdate: 'Nothing to update.',
  deleted: '{name} was deleted.',
  activationSent: 'Activation mail sent to {email}.',
  alreadyActive: 'This account is already active.',
  reportSent: 'Thank you. An admin will look at your report.',
  reportYourself: 'You cannot report yourself.',
  reportNotFound: 'That report does not exist.',
  reportsTooMany: 'You have sent many reports. Please wait a few minutes.',
  sanctionNotFound: 'That sanction does not exist or has already lifted.',
  sanctionNeedsTarget: 'Choose a person or a network address.',
  sanctionAdmin: 'Admins cannot be warned, muted, kicked or banned.',
  addressOnlyBan: 'A network address can only be banned.',
  warned: '{name} was warned.',
  muted: '{name} cannot chat until {until}.',
  kicked: '{name} was removed from the campus.',
  banned: '{name} is banned {until}.',
  lifted: 'Lifted.',
  /** What the person sees. */
  youWereWarned: 'An admin warned you: {reason}',
  youWereKicked: 'An admin removed you from the campus.',
  youAreBanned: 'Your account is banned until {until}.',
  youAreBannedForGood: 'Your account is banned.',
  networkBanned: 'Guests from your network cannot enter this campus.',
  youAreMuted: 'An admin muted you in chat until {until}.',
  deactivated: 'Your account has been deactivated.',
  registrationClosed: 'Sign-up is closed on this campus. Ask your school for an account.',
  registrationDomain: 'Sign-up is open to addresses at {domains} only.',
  guestsClosed: 'Guest entry is closed on this campus. Please sign in.',
  settingPrivate: 'That key belongs to a private setting.',
  settingNotFound: 'There is no public setting of that key.',
  homePageInvalid: 'The home page must be a path on this site (/…) or an http(s) address.',
  classEnded: '{room}: the class ended; {count} people left.',
  classEmpty: '{room}: nobody is in the class.',
  deletedAccount: 'Your account has been deleted.',
  roleChanged: 'An admin changed your role to {role}.',
} as const;

/** Fills `{name}`-style holes of an {@link AdminText}. */
export function adminText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (hole, key: string) => values[key] ?? hole);
}

/** How the end of a mute or ban reads to people: `2026-11-28 14:05 UTC`. */
export function untilText(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

// --- People.

/** An account's state: `status` 0, 1 and 2 of the users table. */
export const PERSON_STATES = ['waiting', 'active', 'deactivated'] as const;
export const PersonStateSchema = z.enum(PERSON_STATES, {
  error: 'The state must be waiting, active or deactivated.',
});
export type PersonState = z.infer<typeof PersonStateSchema>;

export const PEOPLE_SORTS = [
  'username',
  'email',
  'role',
  'state',
  'created_at',
  'last_login',
  'last_seen',
] as const;
export const PEOPLE_PAGE_SIZES = [10, 25, 50, 100] as const;

const pageNumber = z.coerce
  .number({ error: 'The page must be a number.' })
  .int('The page must be a whole number.')
  .min(1, 'The page must be at least 1.')
  .max(100_000, 'The page must be at most 100000.');
const pageSize = z.coerce
  .number({ error: 'The page size must be a number.' })
  .refine((n) => (PEOPLE_PAGE_SIZES as readonly number[]).includes(n), {
    message: 'The page size must be 10, 25, 50 or 100.',
  });
const searchText = z.string().trim().max(100, 'The search must be at most 100 characters.');

export const PeopleQuerySchema = z.strictObject({
  q: searchText.optional(),
  role: RoleSchema.optional(),
  state: PersonStateSchema.optional(),
  sort: z.enum(PEOPLE_SORTS, { error: 'Unknown sort.' }).default('username'),
  dir: z.enum(['asc', 'desc'], { error: 'The direction must be asc or desc.' }).default('asc'),
  page: pageNumber.default(1),
  page_size: pageSize.default(25),
});
export type PeopleQuery = z.input<typeof PeopleQuerySchema>;

export const AdminPersonSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    role: RoleSchema,
    state: PersonStateSchema,
    created_at: z.string(),
    last_login: z.string().nullable(),
    last_seen: z.string().nullable(),
    /** An active ban's end (`forever` for good), or null. */
    banned_until: z.string().nullable(),
    /** An active chat mute's end, or null. */
    muted_until: z.string().nullable(),
  })
  .meta({ id: 'AdminPerson' });
export type AdminPerson = z.infer<typeof AdminPersonSchema>;

export const PeoplePageSchema = z.object({
  rows: z.array(AdminPersonSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PeoplePage = z.infer<typeof PeoplePageSchema>;
export const PeoplePageResponseSchema = okEnvelope(PeoplePageSchema);

/** A new account: waiting for activation (a mail goes out), or active at once. */
export const PersonCreateSchema = z.strictObject({
  username: UsernameSchema,
  email: EmailSchema,
  role: RoleSchema,
  send_activation: z.boolean().default(true),
});
export type PersonCreate = z.input<typeof PersonCreateSchema>;

export const PersonUpdateSchema = z
  .strictObject({
    username: UsernameSchema.optional(),
    email: EmailSchema.optional(),
    role: RoleSchema.optional(),
    /** Deactivate or reactivate; a waiting account is activated by its mail or by this. */
    state: z
      .enum(['active', 'deactivated'], { error: 'The state must be active or deactivated.' })
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: AdminText.nothingToUpdate,
  });
export type PersonUpdate = z.infer<typeof PersonUpdateSchema>;

export const PersonIdParamsSchema = z.strictObject({ id: z.uuid(AdminText.personNotFound) });

export const PersonResponseSchema = okWith({ message: z.string(), data: AdminPersonSchema });

/** What deleting a person removed, so the console can say it. */
export const PersonDeletedResponseSchema = okWith({
  message: z.string(),
  data: z.object({
    files: z.number().int(),
    sessions: z.number().int(),
    friendships: z.number().int(),
    notifications: z.number().int(),
    wallet_links: z.number().int(),
  }),
});

// --- The audit log.

export const AUDIT_ACTIONS = [
  'person.create',
  'person.update',
  'person.role',
  'person.deactivate',
  'person.reactivate',
  'person.delete',
  'person.activation',
  'report.resolve',
  'sanction.warn',
  'sanction.mute',
  'sanction.kick',
  'sanction.ban',
  'sanction.lift',
  'settings.access',
  'roster.import',
  'classroom.end',
  'settings.public',
  // Admin calls of other features (`RouteSpec.audit`): the path and what was sent.
  'poster.create',
  'poster.update',
  'poster.delete',
  'share.create',
  'share.update',
  'share.delete',
  'settings.limits',
  'settings.wallet',
  'settings.classroom',
  'settings.popup_allowlist',
  'events.gallery',
  'events.countdown',
  'chat.remove',
  'chat.clear',
  'leaderboard.remove',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS, { error: 'Unknown action.' });
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditQuerySchema = z.strictObject({
  q: searchText.optional(),
  action: AuditActionSchema.optional(),
  page: pageNumber.default(1),
  page_size: pageSize.default(25),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    /** Who acted: an account's name, or `cli` for the command line. */
    actor: z.string(),
    actor_id: z.string().nullable(),
    action: AuditActionSchema,
    target: z.string(),
    target_id: z.string().nullable(),
    address: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageResponseSchema = okEnvelope(
  z.object({
    rows: z.array(AuditEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

// --- Reports.

export const REPORT_REASONS = ['harassment', 'spam', 'inappropriate', 'cheating', 'other'] as const;
export const reportReasonLabels: Record<(typeof REPORT_REASONS)[number], string> = {
  harassment: 'Harassment or bullying',
  spam: 'Spam',
  inappropriate: 'Inappropriate content',
  cheating: 'Cheating',
  other: 'Something else',
};
export const ReportReasonSchema = z.enum(REPORT_REASONS, { error: 'Choose a reason.' });
export const REPORT_NOTE_MAX = 500;

/** A member's report. The server reads the message itself; the page only names it. */
export const ReportCreateSchema = z.strictObject({
  username: z.string().trim().min(1, 'Choose the person to report.').max(64),
  reason: ReportReasonSchema,
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, `The note must be at most ${REPORT_NOTE_MAX} characters.`)
    .default(''),
  /** Where it happened: a chat room or a class. */
  room: z.string().trim().max(64).optional(),
  /** The reported chat message's id. */
  message_id: z
    .number({ error: 'That message does not exist.' })
    .int('That message does not exist.')
    .min(1, 'That message does not exist.')
    .optional(),
});
export type ReportCreate = z.input<typeof ReportCreateSchema>;

export const REPORT_STATES = ['open', 'resolved'] as const;
export const ReportSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    reporter: z.string(),
    target: z.string(),
    target_id: z.string(),
    reason: ReportReasonSchema,
    note: z.string(),
    room: z.string().nullable(),
    /** The reported message as it was stored when reported, and its id (to remove it). */
    message: z.string().nullable(),
    message_id: z.number().int().nullable(),
    state: z.enum(REPORT_STATES),
    resolution: z.string().nullable(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof ReportSchema>;

export const ReportsQuerySchema = z.strictObject({
  state: z.enum(REPORT_STATES, { error: 'The state must be open or resolved.' }).default('open'),
  page: pageNumber.default(1),
  page_size: pageSize.default(25),
});
export const ReportsPageResponseSchema = okEnvelope(
  z.object({
    rows: z.array(ReportSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);
export const ReportIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
export const ReportResolveSchema = z.strictObject({
  resolution: z.string().trim().min(1, 'Say what was done.').max(200),
});

// --- Sanctions.

export const SANCTION_KINDS = ['warn', 'mute', 'kick', 'ban'] as const;
export const SanctionKindSchema = z.enum(SANCTION_KINDS, {
  error: 'The action must be warn, mute, kick or ban.',
});
export type SanctionKind = z.infer<typeof SanctionKindSchema>;

/** Durations the console offers, in minutes; a ban may also be for good (no minutes). */
export const SANCTION_MINUTES_MAX = 60 * 24 * 366;

export const SanctionCreateSchema = z
  .strictObject({
    kind: SanctionKindSchema,
    user_id: z.uuid(AdminText.personNotFound).optional(),
    /** A guest's network address (bans only). */
    address: z.union([z.ipv4(), z.ipv6()], { error: 'That is not a network address.' }).optional(),
    /** How long a mute or ban lasts; a ban without minutes is for good. */
    minutes: z
      .number()
      .int('Minutes must be a whole number.')
      .min(1, 'At least 1 minute.')
      .max(SANCTION_MINUTES_MAX, 'At most a year.')
      .optional(),
    reason: z
      .string()
      .trim()
      .min(1, 'Give a reason.')
      .max(500, 'The reason must be at most 500 characters.'),
    report_id: z.number().int().min(1).optional(),
  })
  .refine((v) => (v.user_id === undefined) !== (v.address === undefined), {
    message: AdminText.sanctionNeedsTarget,
  })
  .refine((v) => v.address === undefined || v.kind === 'ban', { message: AdminText.addressOnlyBan })
  .refine((v) => v.kind !== 'mute' || v.minutes !== undefined, {
    message: 'Say how many minutes the mute lasts.',
  });
export type SanctionCreate = z.infer<typeof SanctionCreateSchema>;

export const SanctionSchema = z
  .object({
    id: z.number().int(),
    kind: SanctionKindSchema,
    at: z.string(),
    by: z.string(),
    target: z.string(),
    user_id: z.string().nullable(),
    address: z.string().nullable(),
    /** null: for good (bans) or at once (warn, kick). */
    until: z.string().nullable(),
    reason: z.string(),
    lifted_at: z.string().nullable(),
  })
  .meta({ id: 'Sanction' });
export type Sanction = z.infer<typeof SanctionSchema>;

export const SanctionResponseSchema = okWith({ message: z.string(), data: SanctionSchema });
export const SanctionsQuerySchema = z.strictObject({
  /** Only mutes and bans in force (default), or everything. */
  active: z.enum(['1', '0']).default('1'),
  page: pageNumber.default(1),
  page_size: pageSize.default(25),
});
export const SanctionsPageResponseSchema = okEnvelope(
  z.object({
    rows: z.array(SanctionSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);
export const SanctionIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

// --- The dashboard.

export const HEALTH_STATES = ['up', 'down', 'off'] as const;

export const DashboardSchema = z
  .object({
    at: z.string(),
    /** Distinct people with a socket open now, on every process. */
    online: z.object({ members: z.number().int(), guests: z.number().int() }),
    instances: z.array(
      z.object({ world: z.string(), instance: z.string(), size: z.number().int() }),
    ),
    /** Classes (and their breakout groups) with someone in them. */
    classes: z.array(
      z.object({
        channel: z.string(),
        people: z.array(z.object({ name: z.string(), role: z.string() })),
      }),
    ),
    /** Calls' own rooms with someone in them. */
    calls: z.object({ rooms: z.number().int(), people: z.number().int() }),
    media: z.object({ state: z.enum(HEALTH_STATES), servers: z.number().int() }),
    chain: z.object({ state: z.enum(HEALTH_STATES), block: z.number().nullable() }),
    /** Server errors (HTTP 5xx) in the last hour, on every process. */
    errors_last_hour: z.number().int(),
  })
  .meta({ id: 'AdminDashboard' });
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = okEnvelope(DashboardSchema);

// --- Sign-up and access.

/** A mail domain: `school.example`, lowercase, no `@`. */
export const MailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'Each domain must look like school.example.');

export const AccessPolicySchema = z
  .object({
    /** Anyone may register an account (SPEC's register form); off: admins create accounts. */
    self_registration: z.boolean(),
    /** When not empty, self-registration takes addresses at these domains only. */
    email_domains: z.array(MailDomainSchema).max(50, 'At most 50 domains.'),
    /** The guest entry (SPEC's "Enter as guest"). */
    guests: z.boolean(),
  })
  .meta({ id: 'AccessPolicy' });
export type AccessPolicy = z.infer<typeof AccessPolicySchema>;
export const ACCESS_POLICY_DEFAULTS: AccessPolicy = {
  self_registration: true,
  email_domains: [],
  guests: true,
};
export const AccessPolicyUpdateSchema = AccessPolicySchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: AdminText.nothingToUpdate });
export const AccessPolicyResponseSchema = okEnvelope(AccessPolicySchema);

/** Whether `email` may self-register under `domains` (none: any address). */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.includes(domain);
}

// --- Roster import.

export const ROSTER_MAX_ROWS = 1000;
export const ROSTER_COLUMNS = ['username', 'email', 'role', 'class'] as const;
/** The template an admin downloads: the header and two example rows. */
export const ROSTER_TEMPLATE_CSV =
  'username,email,role,class\r\nada.l,ada@school.example,member,Year 7 Blue\r\nmr.babbage,babbage@school.example,teacher,\r\n';

export const RosterText = {
  duplicateUsername: 'This username is twice in the file.',
  duplicateEmail: 'This email address is twice in the file.',
  usernameTaken: 'An account with this username exists.',
  emailTaken: 'An account with this email address exists.',
  roleUnknown: 'The role must be member or teacher.',
  tooMany: `At most ${ROSTER_MAX_ROWS} rows at once.`,
  empty: 'The file has no rows.',
  fixFirst: 'Some rows have problems: fix them, then import.',
  imported: '{count} accounts created. Their activation mails are on their way.',
} as const;

/** One row as read from the CSV: the server checks each field and says what is wrong. */
export const RosterRowSchema = z.object({
  username: z.string().max(200),
  email: z.string().max(400),
  role: z.string().max(40),
  class: z.string().max(200).default(''),
});
export type RosterRow = z.input<typeof RosterRowSchema>;

export const RosterBodySchema = z.strictObject({
  rows: z.array(RosterRowSchema).min(1, RosterText.empty).max(ROSTER_MAX_ROWS, RosterText.tooMany),
});

export const RosterProblemSchema = z.object({
  /** The row's index in `rows` (0 is the first row after the header). */
  row: z.number().int(),
  problems: z.array(z.string()),
});
export type RosterProblem = z.infer<typeof RosterProblemSchema>;
export const RosterCheckResponseSchema = okEnvelope(
  z.object({ rows: z.number().int(), problems: z.array(RosterProblemSchema) }),
);

/**
 * The import's answer is a stream of JSON lines: `{done, total}` as accounts are written, then
 * one last line, `{status: true, message, created}` or the failure envelope.
 */
export const RosterProgressSchema = z.union([
  z.object({ done: z.number().int(), total: z.number().int() }),
  z.object({ status: z.literal(true), message: z.string(), created: z.number().int() }),
  z.object({ status: z.literal(false), message: z.string() }),
]);
export type RosterProgress = z.infer<typeof RosterProgressSchema>;

// --- Classrooms.

export const AdminClassroomSchema = z
  .object({
    channel: z.string(),
    entry_policy: z.enum(['open', 'ask']),
    /** Who is in the class now, its breakout groups included (`channel` says where). */
    people: z.array(z.object({ name: z.string(), role: z.string(), channel: z.string() })),
  })
  .meta({ id: 'AdminClassroom' });
export type AdminClassroom = z.infer<typeof AdminClassroomSchema>;
export const AdminClassroomsResponseSchema = okEnvelope(z.array(AdminClassroomSchema));
export const ClassroomChannelParamsSchema = z.strictObject({
  channel: z.enum(['room-1', 'room-2', 'room-3'], { error: 'Unknown classroom.' }),
});

// --- Public settings (`GET /api/public/custom-setting`'s keys).

export const PublicSettingValueSchema = z.union(
  [z.string().max(2000, 'A value must be at most 2000 characters.'), z.number(), z.boolean()],
  { error: 'A value must be text, a number, or true or false.' },
);
export const PublicSettingKeyParamsSchema = z.strictObject({ key: SettingKeySchema });
export const PublicSettingBodySchema = z.strictObject({ value: PublicSettingValueSchema });
export const PublicSettingsResponseSchema = okEnvelope(
  z.array(z.object({ key: z.string(), value: z.unknown() })),
);
export const PublicSettingResponseSchema = okEnvelope(
  z.object({ key: z.string(), value: z.unknown() }),
);
