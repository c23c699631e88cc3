import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AuditAction } from '@atrium/protocol';
import type { AppDb } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';
import type { AuditRow } from '../db/schema.ts';

/** One audit entry as written: who did what to whom, from where, before and after. */
export interface AuditEntryInput {
  /** The acting account; null for the command line. */
  actorId: string | null;
  actorName: string;
  action: AuditAction;
  targetId: string | null;
  targetLabel: string;
  address?: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditFilter {
  q?: string | undefined;
  action?: AuditAction | undefined;
}

/**
 * The audit log (issue 29): written by the console's every change and by the CLI's commands,
 * read by the console. Infrastructure, as the CLI writes it too.
 */
export class AuditRepository {
  constructor(private readonly db: AppDb) {}

  /** Writes one entry, in `db` when given (the change's own transaction). */
  async write(entry: AuditEntryInput, db: AppDb = this.db): Promise<void> {
    await db.insert(auditLog).values({
      actorId: entry.actorId,
      actorName: entry.actorName,
      action: entry.action,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
      address: entry.address ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  private where(filter: AuditFilter): SQL | undefined {
    const parts: SQL[] = [];
    if (filter.action) parts.push(eq(auditLog.action, filter.action));
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const match = or(ilike(auditLog.actorName, like), ilike(auditLog.targetLabel, like));
      if (match) parts.push(match);
    }
    return parts.length > 0 ? and(...parts) : undefined;
  }

  /** One page, newest first, and how many match. */
  async page(
    filter: AuditFilter,
    page: number,
    size: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = this.where(filter);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /** Every matching entry, newest first (the CSV export), at most `limit`. */
  async all(filter: AuditFilter, limit = 100_000): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(this.where(filter))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
  }

  /** Entries naming `targetId` (tests and the person's history). */
  async forTarget(targetId: string): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${targetId}`)
      .orderBy(desc(auditLog.id));
  }
}
