import { PassThrough } from 'node:stream';
import { AdminText, adminText, EmailSchema, RosterText, UsernameSchema } from '@atrium/protocol';
import type { RosterProblem, RosterProgress, RosterRow } from '@atrium/protocol';
import type { AuditRepository } from '../../accounts/audit.repository.ts';
import { badRequest } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashToken } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAdmin } from './admin.access.ts';
import { STATUS_OF } from './admin.repository.ts';
import type { AdminRepository } from './admin.repository.ts';
import { WELCOME_LINK_TTL_MS, welcomeLink, welcomeMail } from './admin.people.service.ts';
import type { Actor } from './admin.people.service.ts';

/**
 * Accounts written per statement; a progress line follows each batch, then the event loop gets
 * a turn (the embedded database runs on this thread: without the turn, 1,000 rows held
 * `/api/health` for 951 ms).
 */
const BATCH = 10;
const ROSTER_ROLES = ['member', 'teacher'] as const;

interface CleanRow {
  username: string;
  email: string;
  role: (typeof ROSTER_ROLES)[number];
  className: string;
}

export interface RosterDeps {
  repo: AdminRepository;
  audit: AuditRepository;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}

const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message ?? '';

/** Issue 29's roster import: a class's accounts from a CSV, checked row by row, all or nothing. */
export class RosterService {
  constructor(private readonly deps: RosterDeps) {}

  /**
   * Each row's problems: its fields (the same schemas and texts as one account's form), a
   * username or email twice in the file (every row that shares it), and accounts that exist.
   */
  private async problems(
    rows: RosterRow[],
  ): Promise<{ clean: CleanRow[]; problems: RosterProblem[] }> {
    const found: string[][] = rows.map(() => []);
    const clean: CleanRow[] = rows.map((row, i) => {
      const username = UsernameSchema.safeParse(row.username);
      const email = EmailSchema.safeParse(row.email);
      const role = row.role.trim().toLowerCase() || 'member';
      if (!username.success) found[i]?.push(firstIssue(username));
      if (!email.success) found[i]?.push(firstIssue(email));
      if (!(ROSTER_ROLES as readonly string[]).includes(role))
        found[i]?.push(RosterText.roleUnknown);
      return {
        username: username.success ? username.data : row.username.trim(),
        email: email.success ? email.data : row.email.trim(),
        role: role as CleanRow['role'],
        className: (row.class ?? '').trim().slice(0, 64),
      };
    });
    const twice = (key: (r: CleanRow) => string, text: string) => {
      const seen = new Map<string, number[]>();
      clean.forEach((r, i) => {
        const k = key(r).toLowerCase();
        if (k) seen.set(k, [...(seen.get(k) ?? []), i]);
      });
      for (const indexes of seen.values()) {
        if (indexes.length > 1) for (const i of indexes) found[i]?.push(text);
      }
    };
    twice((r) => r.username, RosterText.duplicateUsername);
    twice((r) => r.email, RosterText.duplicateEmail);
    const holders = await this.deps.repo.holders(
      clean.map((r) => r.username),
      clean.map((r) => r.email),
    );
    const names = new Set(holders.map((h) => h.username.toLowerCase()));
    const emails = new Set(holders.map((h) => h.email.toLowerCase()));
    clean.forEach((r, i) => {
      if (names.has(r.username.toLowerCase())) found[i]?.push(RosterText.usernameTaken);
      if (emails.has(r.email.toLowerCase())) found[i]?.push(RosterText.emailTaken);
    });
    const problems = found
      .map((list, row) => ({ row, problems: list }))
      .filter((p) => p.problems.length > 0);
    return { clean, problems };
  }

  async check(claims: AuthClaims | null, rows: RosterRow[]) {
    requireAdmin(claims);
    const { problems } = await this.problems(rows);
    return { rows: rows.length, problems };
  }

  /**
   * Checks again (the file may have changed, or accounts appeared since), refuses a roster with
   * any problem, then answers a stream: the accounts, their welcome tokens and mails are written
   * in one transaction, a batch at a time, each followed by a progress line; then the result. A
   * failure part-way (a name taken by a registration that raced it) rolls everything back.
   */
  async import({ claims, address }: Actor, rows: RosterRow[]): Promise<PassThrough> {
    const admin = requireAdmin(claims);
    const { clean, problems } = await this.problems(rows);
    if (problems.length > 0) throw badRequest(RosterText.fixFirst);
    const out = new PassThrough();
    const line = (value: RosterProgress) => out.write(`${JSON.stringify(value)}\n`);
    line({ done: 0, total: clean.length });
    void this.write(admin, address, clean, (done) => line({ done, total: clean.length })).then(
      (created) => {
        line({
          status: true,
          created,
          message: adminText(RosterText.imported, { count: String(created) }),
        });
        out.end();
      },
      (err: unknown) => {
        const taken = err instanceof Error && /unique|duplicate/i.test(err.message);
        line({ status: false, message: taken ? AdminText.usernameTaken : RosterText.fixFirst });
        out.end();
      },
    );
    return out;
  }

  private async write(
    admin: AuthClaims,
    address: string,
    rows: CleanRow[],
    progress: (done: number) => void,
  ): Promise<number> {
    const { repo, audit, mailer, publicUrl, now } = this.deps;
    const expiresAt = new Date(now().getTime() + WELCOME_LINK_TTL_MS);
    return repo.db.transaction(async (tx) => {
      const r = repo.with(tx);
      let done = 0;
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        const created = await r.insertPeople(
          batch.map((row) => ({
            username: row.username,
            email: row.email,
            role: row.role,
            status: STATUS_OF.waiting,
          })),
        );
        const links = created.map((user) => ({ user, ...welcomeLink(publicUrl) }));
        await r.insertWelcomeTokens(
          links.map(({ user, token }) => ({
            userId: user.id,
            tokenHash: hashToken(token),
            expiresAt,
          })),
        );
        for (const { user, link } of links) await mailer.send(welcomeMail(user, link), tx);
        done += created.length;
        progress(done);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await audit.write(
        {
          actorId: admin.sub,
          actorName: admin.username,
          action: 'roster.import',
          targetId: null,
          targetLabel: `${rows.length} accounts`,
          address,
          after: rows.map((row) => ({
            username: row.username,
            email: row.email,
            role: row.role,
            ...(row.className ? { class: row.className } : {}),
          })),
        },
        tx,
      );
      return done;
    });
  }
}
