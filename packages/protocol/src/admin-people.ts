// Issue 29: the admin console's people: the list, paged, sorted and filtered on the server, and
// creating, changing and deleting an account.
import { z } from 'zod';
import { EmailSchema, UsernameSchema } from './auth.ts';
import { okEnvelope, okWith } from './envelope.ts';
import { RoleSchema } from './roles.ts';
import { pageNumber, pageSize, searchText } from './admin-paging.ts';
import { AdminText } from './admin-text.ts';

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
