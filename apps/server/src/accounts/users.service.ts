import { RoleSchema } from '@atrium/protocol';
import type { Role } from '@atrium/protocol';
import { z } from 'zod';
import type { UserRow } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.ts';
import type { UsersRepository } from './users.repository.ts';

export const UserStatus = { pending: 0, active: 1, disabled: 2 } as const;

export const UsersText = {
  usernameTaken: 'This username or email is already registered.',
  userNotFound: 'User not found.',
} as const;

export const NewAccountSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters.')
    .max(32, 'Username must be at most 32 characters.')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain letters, digits, dot, dash and underscore.'),
  email: z.email('Email is not valid.').max(254),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  role: RoleSchema,
});
export type NewAccount = z.infer<typeof NewAccountSchema>;

/** Account rules shared by the admin CLI, the seed and (later) registration. */
export class UsersService {
  constructor(private readonly repo: UsersRepository) {}

  /** Creates an active account; refuses a taken username or email. */
  async createAccount(input: NewAccount): Promise<UserRow> {
    const parsed = NewAccountSchema.safeParse(input);
    if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => i.message).join(' '));
    const { username, email, password, role } = parsed.data;
    if (await this.repo.findByUsernameOrEmail(username, email))
      throw conflict(UsersText.usernameTaken);
    const passwordHash = await hashPassword(password);
    try {
      return await this.repo.insert({
        username,
        email,
        passwordHash,
        role,
        status: UserStatus.active,
      });
    } catch (err) {
      // Two concurrent creations can both pass the check above; the unique index decides.
      if (isUniqueViolation(err)) throw conflict(UsersText.usernameTaken);
      throw err;
    }
  }

  async setRole(username: string, role: Role): Promise<UserRow> {
    const user = await this.repo.findByUsername(username);
    if (!user) throw notFound(UsersText.userNotFound);
    const updated = await this.repo.setRole(user.id, role);
    if (!updated) throw notFound(UsersText.userNotFound);
    return updated;
  }

  list(): Promise<UserRow[]> {
    return this.repo.list();
  }
}

function isUniqueViolation(err: unknown): boolean {
  let current: unknown = err;
  while (current && typeof current === 'object') {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
