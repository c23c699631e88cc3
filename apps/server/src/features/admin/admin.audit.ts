import type { AuditEntry, AuditQuery } from '@atrium/protocol';
import { AuditQuerySchema } from '@atrium/protocol';
import type { AuditRepository } from '../../accounts/audit.repository.ts';
import type { AuditRow } from '../../db/schema.ts';
import { csvCell } from '../../http/csv.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAdmin } from './admin.access.ts';

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorName,
  actor_id: row.actorId,
  action: row.action as AuditEntry['action'],
  target: row.targetLabel,
  target_id: row.targetId,
  address: row.address,
  before: row.before,
  after: row.after,
});

/** The audit log as the console reads it: pages, and the CSV export. */
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  async page(claims: AuthClaims | null, query: AuditQuery) {
    requireAdmin(claims);
    const q = AuditQuerySchema.parse(query);
    const filter = { q: q.q || undefined, action: q.action };
    const { rows, total } = await this.audit.page(filter, q.page, q.page_size);
    return { rows: rows.map(toEntry), total, page: q.page, page_size: q.page_size };
  }

  /** Every matching entry as CSV, formula cells neutralised (`csvCell`). */
  async csv(claims: AuthClaims | null, query: Omit<AuditQuery, 'page' | 'page_size'>) {
    requireAdmin(claims);
    const q = AuditQuerySchema.parse(query);
    const rows = await this.audit.all({ q: q.q || undefined, action: q.action });
    const head = ['at', 'actor', 'action', 'target', 'target_id', 'address', 'before', 'after'];
    const lines = rows.map((row) =>
      [
        row.at.toISOString(),
        row.actorName,
        row.action,
        row.targetLabel,
        row.targetId,
        row.address,
        row.before === null ? null : JSON.stringify(row.before),
        row.after === null ? null : JSON.stringify(row.after),
      ]
        .map(csvCell)
        .join(','),
    );
    return `${[head.join(','), ...lines].join('\r\n')}\r\n`;
  }
}
