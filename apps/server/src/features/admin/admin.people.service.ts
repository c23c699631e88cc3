import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { AdminText, adminText } from '@atrium/protocol';
import type {
  AdminPerson,
  PeoplePage,
  PeopleQuery,
  PersonCreate,
  PersonUpdate,
} from '@atrium/protocol';
import { PeopleQuerySchema, PersonCreateSchema } from '@atrium/protocol';
import type { AuditEntryInput, AuditRepository } from '../../accounts/audit.repository.ts';
import type { AuthRepository } from '../../accounts/auth.repository.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { DAY, HOUR } from '../../lib/time.ts';
import { linkMail } from '../../mail/mailer.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashToken, randomToken } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAdmin, toAdminPerson } from './admin.access.ts';
import { STATUS_OF } from './admin.repository.ts';
import type { AdminRepository, Removed } from './admin.repository.ts';
import type { SessionEnder } from './admin.sessions.ts';

/** How long an admin-made account's "choose your password" link works. */
export const WELCOME_LINK_TTL_MS = 7 * DAY;

/** A fresh token and the password page's link that carries it. */
export function welcomeLink(publicUrl: string): { token: string; link: URL } {
  const token = randomToken();
  const link = new URL('/metaverse/forgot.html', publicUrl);
  link.searchParams.set('token', token);
  return { token, link };
}

/** The mail of an account an admin made: choose a password, which activates it. */
export function welcomeMail(user: Pick<UserRow, 'username' | 'email'>, link: URL) {
  return linkMail(
    user.email,
    'Your Atrium account',
    `An admin created the Atrium account ${user.username} for you. Choose a password to activate it. The link works once, for seven days.`,
    'Choose my password',
    link.toString(),
  );
}
/** Activation mails an admin may resend to one account in an hour. */
const RESEND_LIMIT = 3;

export interface PeopleDeps {
  repo: AdminRepository;
  authRepo: AuthRepository;
  audit: AuditRepository;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: SessionEnder;
  /** The site's address: the welcome mail links to its password page. */
  publicUrl: string;
  /** DATA_DIR/files: a person's screenshots and editor pictures live under it by id. */
  filesDir: string;
  now: () => Date;
}

/** Who acts and from where, for the audit log. */
export interface Actor {
  claims: AuthClaims | null;
  address: string;
}

/** Issue 29's people: the console's list, new accounts, changes and deletion. */
export class PeopleService {
  constructor(private readonly deps: PeopleDeps) {}

  private entry(
    admin: AuthClaims,
    address: string,
    fields: Omit<AuditEntryInput, 'actorId' | 'actorName' | 'address'>,
  ): AuditEntryInput {
    return { actorId: admin.sub, actorName: admin.username, address, ...fields };
  }

  async list(claims: AuthClaims | null, query: PeopleQuery): Promise<PeoplePage> {
    requireAdmin(claims);
    const q = PeopleQuerySchema.parse(query);
    const { rows, total } = await this.deps.repo.people(
      { q: q.q || undefined, role: q.role, state: q.state },
      q.sort,
      q.dir,
      q.page,
      q.page_size,
      this.deps.now(),
    );
    return { rows: rows.map(toAdminPerson), total, page: q.page, page_size: q.page_size };
  }

  private async person(id: string): Promise<AdminPerson> {
    const row = await this.deps.repo.person(id, this.deps.now());
    if (!row) throw notFound(AdminText.personNotFound);
    return toAdminPerson(row);
  }

  /** A new account, in one transaction with its welcome mail and audit entry. */
  async create(
    { claims, address }: Actor,
    input: PersonCreate,
  ): Promise<{ message: string; data: AdminPerson }> {
    const admin = requireAdmin(claims);
    const body = PersonCreateSchema.parse(input);
    const { repo, audit } = this.deps;
    const id = await repo.db.transaction(async (tx) => {
      const r = repo.with(tx);
      if (await r.emailTaken(body.email)) throw conflict(AdminText.emailTaken);
      if (await r.usernameTaken(body.username)) throw conflict(AdminText.usernameTaken);
      const row = await r.insertPerson({
        username: body.username,
        email: body.email,
        role: body.role,
        status: body.send_activation ? STATUS_OF.waiting : STATUS_OF.active,
      });
      if (body.send_activation) await this.sendWelcome(row, tx);
      await audit.write(
        this.entry(admin, address, {
          action: 'person.create',
          targetId: row.id,
          targetLabel: row.username,
          after: { username: row.username, email: row.email, role: row.role },
        }),
        tx,
      );
      return row.id;
    });
    return {
      message: body.send_activation ? AdminText.created : AdminText.createdActive,
      data: await this.person(id),
    };
  }

  /**
   * The welcome mail: a link to choose a password, which also activates the account (the
   * recovery page's token, SPEC's forgot page). Sent inside the account's transaction.
   */
  private async sendWelcome(user: UserRow, tx: AdminRepository['db']): Promise<void> {
    const { token, link } = welcomeLink(this.deps.publicUrl);
    await this.deps.authRepo
      .with(tx)
      .insertUserToken(
        user.id,
        'recovery',
        hashToken(token),
        new Date(this.deps.now().getTime() + WELCOME_LINK_TTL_MS),
      );
    await this.deps.mailer.send(welcomeMail(user, link), tx);
  }

  async resendActivation({ claims, address }: Actor, id: string): Promise<string> {
    const admin = requireAdmin(claims);
    const { repo, audit, limiter } = this.deps;
    const user = await repo.person(id, this.deps.now());
    if (!user) throw notFound(AdminText.personNotFound);
    if (user.status !== STATUS_OF.waiting) throw conflict(AdminText.alreadyActive);
    const hit = await limiter.hit(`admin-resend:${id}`, HOUR, RESEND_LIMIT);
    if (!hit.allowed) throw tooManyRequests(AdminText.reportsTooMany, hit.retryAfterMs);
    await repo.db.transaction(async (tx) => {
      await this.sendWelcome(user, tx);
      await audit.write(
        this.entry(admin, address, {
          action: 'person.activation',
          targetId: id,
          targetLabel: user.username,
        }),
        tx,
      );
    });
    return adminText(AdminText.activationSent, { email: user.email });
  }

  /**
   * Changes a person under a lock of their row (and of every admin's, when an admin's role or
   * state changes, so the campus always keeps one). Each kind of change is its own audit entry.
   * A deactivation ends the person's sessions on every process.
   */
  async update(
    { claims, address }: Actor,
    id: string,
    patch: PersonUpdate,
  ): Promise<{ message: string; data: AdminPerson }> {
    const admin = requireAdmin(claims);
    const { repo, audit } = this.deps;
    const self = id === admin.sub;
    const demoting = patch.role !== undefined && patch.role !== 'admin';
    if (self && (demoting || patch.state === 'deactivated')) {
      throw badRequest(AdminText.notYourself);
    }
    const ended = await repo.db.transaction(async (tx) => {
      const r = repo.with(tx);
      const before = await r.lockPerson(id);
      if (!before) throw notFound(AdminText.personNotFound);
      if (before.role === 'admin' && (demoting || patch.state === 'deactivated')) {
        await r.lockAdmins();
        if ((await r.otherActiveAdmins(id)) === 0) throw conflict(AdminText.lastAdmin);
      }
      if (patch.email !== undefined && (await r.emailTaken(patch.email, id))) {
        throw conflict(AdminText.emailTaken);
      }
      if (patch.username !== undefined && (await r.usernameTaken(patch.username, id))) {
        throw conflict(AdminText.usernameTaken);
      }
      const status =
        patch.state === undefined
          ? undefined
          : patch.state === 'active'
            ? STATUS_OF.active
            : STATUS_OF.deactivated;
      const after = await r.updatePerson(id, {
        ...(patch.username !== undefined ? { username: patch.username } : {}),
        ...(patch.email !== undefined ? { email: patch.email } : {}),
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(status !== undefined ? { status } : {}),
      });
      if (!after) throw notFound(AdminText.personNotFound);
      const write = (fields: Omit<AuditEntryInput, 'actorId' | 'actorName' | 'address'>) =>
        audit.write(this.entry(admin, address, fields), tx);
      const label = after.username;
      if (patch.role !== undefined && patch.role !== before.role) {
        await write({
          action: 'person.role',
          targetId: id,
          targetLabel: label,
          before: { role: before.role },
          after: { role: after.role },
        });
      }
      const renamed = patch.username !== undefined && patch.username !== before.username;
      const remailed = patch.email !== undefined && patch.email !== before.email;
      if (renamed || remailed) {
        await write({
          action: 'person.update',
          targetId: id,
          targetLabel: label,
          before: {
            ...(renamed ? { username: before.username } : {}),
            ...(remailed ? { email: before.email } : {}),
          },
          after: {
            ...(renamed ? { username: after.username } : {}),
            ...(remailed ? { email: after.email } : {}),
          },
        });
      }
      if (status !== undefined && status !== before.status) {
        await write({
          action: status === STATUS_OF.deactivated ? 'person.deactivate' : 'person.reactivate',
          targetId: id,
          targetLabel: label,
          before: { state: before.status },
          after: { state: status },
        });
      }
      // A deactivation ends the sessions; a role change voids the tokens that carry the old role.
      if (status === STATUS_OF.deactivated && before.status !== STATUS_OF.deactivated) {
        return 'deactivated' as const;
      }
      return patch.role !== undefined && patch.role !== before.role ? ('role' as const) : null;
    });
    if (ended === 'deactivated') await this.deps.sessions.end(id, ended, AdminText.deactivated);
    if (ended === 'role' && patch.role) {
      await this.deps.sessions.end(
        id,
        ended,
        adminText(AdminText.roleChanged, { role: patch.role }),
      );
    }
    return { message: AdminText.updated, data: await this.person(id) };
  }

  /**
   * Deletes a person: their rows (one transaction, with the audit entry, which stays), then
   * their sessions everywhere, then their files on disk.
   */
  async delete(
    { claims, address }: Actor,
    id: string,
  ): Promise<{ message: string; data: Removed & { files: number } }> {
    const admin = requireAdmin(claims);
    if (id === admin.sub) throw badRequest(AdminText.notYourself);
    const { repo, audit } = this.deps;
    const { removed, name } = await repo.db.transaction(async (tx) => {
      const r = repo.with(tx);
      const before = await r.lockPerson(id);
      if (!before) throw notFound(AdminText.personNotFound);
      if (before.role === 'admin') {
        await r.lockAdmins();
        if ((await r.otherActiveAdmins(id)) === 0) throw conflict(AdminText.lastAdmin);
      }
      const counts = await r.deletePerson(id);
      await audit.write(
        this.entry(admin, address, {
          action: 'person.delete',
          targetId: id,
          targetLabel: before.username,
          before: { username: before.username, email: before.email, role: before.role },
          after: counts,
        }),
        tx,
      );
      return { removed: counts, name: before.username };
    });
    await this.deps.sessions.end(id, 'deleted', AdminText.deletedAccount);
    const files = await this.removeFiles(id);
    return { message: adminText(AdminText.deleted, { name }), data: { ...removed, files } };
  }

  /** The person's folders under DATA_DIR/files (album screenshots, editor pictures). */
  private async removeFiles(id: string): Promise<number> {
    let removed = 0;
    for (const area of ['screenshots', 'userfiles']) {
      const dir = path.join(this.deps.filesDir, area, id);
      const names = await readdir(dir).catch(() => [] as string[]);
      removed += names.length;
      await rm(dir, { recursive: true, force: true });
    }
    return removed;
  }
}
