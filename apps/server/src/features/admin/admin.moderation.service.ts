import { AdminText, adminText, untilText } from '@atrium/protocol';
import type { Report, ReportCreate, Sanction, SanctionCreate } from '@atrium/protocol';
import { ReportCreateSchema, ReportsQuerySchema, SanctionsQuerySchema } from '@atrium/protocol';
import type { z } from 'zod';
import type { AuditRepository } from '../../accounts/audit.repository.ts';
import type { ReportRow, SanctionRow } from '../../db/schema.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { MINUTE } from '../../lib/time.ts';
import type { AtriumServer } from '../../realtime/realtime.ts';
import { userRoom } from '../../realtime/realtime.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import { requireAdmin } from './admin.access.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { SessionEnder } from './admin.sessions.ts';
import type { Actor } from './admin.people.service.ts';

/** Reports one account may send in ten minutes. */
const REPORT_LIMIT = 10;

export interface ModerationDeps {
  repo: AdminRepository;
  audit: AuditRepository;
  limiter: RateLimiter;
  sessions: SessionEnder;
  io: () => AtriumServer | null;
  now: () => Date;
}

interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}

const toReport = (row: ReportRow): Report => ({
  id: row.id,
  at: row.at.toISOString(),
  reporter: row.reporterName,
  target: row.targetName,
  target_id: row.targetId,
  reason: row.reason as Report['reason'],
  note: row.note,
  room: row.room,
  message: row.message,
  message_id: row.messageId,
  state: row.resolvedAt ? 'resolved' : 'open',
  resolution: row.resolution,
});

const toSanction = (row: SanctionRow): Sanction => ({
  id: row.id,
  kind: row.kind,
  at: row.at.toISOString(),
  by: row.byName,
  target: row.targetLabel,
  user_id: row.userId,
  address: row.address,
  until: row.until?.toISOString() ?? null,
  reason: row.reason,
  lifted_at: row.liftedAt?.toISOString() ?? null,
});

/** Issue 29's moderation: members' reports, and the admins' warn, mute, kick and ban. */
export class ModerationService {
  constructor(private readonly deps: ModerationDeps) {}

  /**
   * A member reports someone. The reported message is read here, from the chat's own rows, and
   * must be the reported person's: the page names it, it does not supply its text.
   */
  async report(claims: Actor['claims'], input: ReportCreate): Promise<string> {
    const account = requireAccountHolder(claims);
    const body = ReportCreateSchema.parse(input);
    const { repo, limiter } = this.deps;
    const target = await repo.personByName(body.username);
    if (!target) throw notFound(AdminText.personNotFound);
    if (target.id === account.sub) throw badRequest(AdminText.reportYourself);
    let message: string | null = null;
    let room = body.room ?? null;
    if (body.message_id !== undefined) {
      const row = await repo.chatMessage(body.message_id);
      if (!row || row.userId !== target.id) throw badRequest('That message does not exist.');
      message = row.message;
      room = row.room;
    }
    const hit = await limiter.hit(`report:${account.sub}`, 10 * MINUTE, REPORT_LIMIT);
    if (!hit.allowed) throw tooManyRequests(AdminText.reportsTooMany, hit.retryAfterMs);
    await repo.insertReport({
      reporterId: account.sub,
      reporterName: account.username,
      targetId: target.id,
      targetName: target.username,
      reason: body.reason,
      note: body.note,
      room,
      messageId: body.message_id ?? null,
      message,
    });
    return AdminText.reportSent;
  }

  async reports(
    claims: Actor['claims'],
    query: z.input<typeof ReportsQuerySchema>,
  ): Promise<Paged<Report>> {
    requireAdmin(claims);
    const q = ReportsQuerySchema.parse(query);
    const { rows, total } = await this.deps.repo.reports(q.state === 'open', q.page, q.page_size);
    return { rows: rows.map(toReport), total, page: q.page, page_size: q.page_size };
  }

  async resolve({ claims, address }: Actor, id: number, resolution: string): Promise<string> {
    const admin = requireAdmin(claims);
    const { repo, audit } = this.deps;
    await repo.db.transaction(async (tx) => {
      const row = await repo
        .with(tx)
        .resolveReport(id, admin.username, resolution, this.deps.now());
      if (!row) {
        if (await repo.with(tx).report(id)) throw conflict('That report is already resolved.');
        throw notFound(AdminText.reportNotFound);
      }
      await audit.write(
        {
          actorId: admin.sub,
          actorName: admin.username,
          action: 'report.resolve',
          targetId: row.targetId,
          targetLabel: row.targetName,
          address,
          before: { report: id, reason: row.reason },
          after: { resolution },
        },
        tx,
      );
    });
    return AdminText.updated;
  }

  async sanctions(
    claims: Actor['claims'],
    query: z.input<typeof SanctionsQuerySchema>,
  ): Promise<Paged<Sanction>> {
    requireAdmin(claims);
    const q = SanctionsQuerySchema.parse(query);
    const { rows, total } = await this.deps.repo.sanctions(
      q.active === '1',
      q.page,
      q.page_size,
      this.deps.now(),
    );
    return { rows: rows.map(toSanction), total, page: q.page, page_size: q.page_size };
  }

  /**
   * Warns, mutes, kicks or bans a person (never an admin, never oneself), or bans a guest's
   * network address. The row, the audit entry and the report's resolution are one transaction;
   * then the person hears it and, for a kick or ban, their sessions end on every process.
   */
  async sanction(
    { claims, address }: Actor,
    input: SanctionCreate,
  ): Promise<{ message: string; data: Sanction }> {
    const admin = requireAdmin(claims);
    const { repo, audit, now } = this.deps;
    const at = now();
    const until =
      input.minutes !== undefined && input.kind !== 'warn' && input.kind !== 'kick'
        ? new Date(at.getTime() + input.minutes * MINUTE)
        : null;
    const row = await repo.db.transaction(async (tx) => {
      const r = repo.with(tx);
      let label: string;
      if (input.user_id !== undefined) {
        if (input.user_id === admin.sub) throw badRequest(AdminText.notYourself);
        const person = await r.lockPerson(input.user_id);
        if (!person) throw notFound(AdminText.personNotFound);
        if (person.role === 'admin') throw badRequest(AdminText.sanctionAdmin);
        label = person.username;
      } else {
        label = input.address ?? '';
      }
      const created = await r.insertSanction({
        kind: input.kind,
        userId: input.user_id ?? null,
        address: input.address ?? null,
        targetLabel: label,
        until,
        reason: input.reason,
        byId: admin.sub,
        byName: admin.username,
        reportId: input.report_id ?? null,
      });
      if (input.report_id !== undefined) {
        const resolved = await r.resolveReport(input.report_id, admin.username, input.kind, at);
        if (!resolved && !(await r.report(input.report_id))) {
          throw notFound(AdminText.reportNotFound);
        }
      }
      await audit.write(
        {
          actorId: admin.sub,
          actorName: admin.username,
          action: `sanction.${input.kind}`,
          targetId: input.user_id ?? input.address ?? null,
          targetLabel: label,
          address,
          after: {
            reason: input.reason,
            until: until?.toISOString() ?? (input.kind === 'ban' ? 'forever' : null),
            ...(input.report_id !== undefined ? { report: input.report_id } : {}),
          },
        },
        tx,
      );
      return created;
    });
    await this.enforce(row);
    const name = row.targetLabel;
    const text = {
      warn: adminText(AdminText.warned, { name }),
      mute: adminText(AdminText.muted, { name, until: until ? untilText(until) : '' }),
      kick: adminText(AdminText.kicked, { name }),
      ban: adminText(AdminText.banned, {
        name,
        until: until ? `until ${untilText(until)}` : 'for good',
      }),
    }[row.kind];
    return { message: text, data: toSanction(row) };
  }

  /** What the person hears and what ends, on every process. */
  private async enforce(row: SanctionRow): Promise<void> {
    const { sessions, io } = this.deps;
    if (row.address) {
      await sessions.endGuestsFrom(row.address, AdminText.networkBanned);
      return;
    }
    const id = row.userId;
    if (!id) return;
    const until = row.until ? untilText(row.until) : '';
    switch (row.kind) {
      case 'warn':
        io()
          ?.to(userRoom(id))
          .emit('system:warning', {
            message: adminText(AdminText.youWereWarned, { reason: row.reason }),
          });
        return;
      case 'mute':
        io()
          ?.to(userRoom(id))
          .emit('system:warning', {
            message: adminText(AdminText.youAreMuted, { until }),
          });
        return;
      case 'kick':
        await sessions.end(id, 'kick', AdminText.youWereKicked);
        return;
      case 'ban':
        await sessions.end(
          id,
          'ban',
          row.until ? adminText(AdminText.youAreBanned, { until }) : AdminText.youAreBannedForGood,
        );
    }
  }

  async lift({ claims, address }: Actor, id: number): Promise<string> {
    const admin = requireAdmin(claims);
    const { repo, audit } = this.deps;
    await repo.db.transaction(async (tx) => {
      const row = await repo.with(tx).liftSanction(id, this.deps.now());
      if (!row) throw notFound(AdminText.sanctionNotFound);
      await audit.write(
        {
          actorId: admin.sub,
          actorName: admin.username,
          action: 'sanction.lift',
          targetId: row.userId ?? row.address,
          targetLabel: row.targetLabel,
          address,
          before: { kind: row.kind, until: row.until?.toISOString() ?? 'forever' },
        },
        tx,
      );
    });
    return AdminText.lifted;
  }
}
