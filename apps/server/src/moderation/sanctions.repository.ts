import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDb } from '../db/database.ts';
import { sanctions, tokenRevocations } from '../db/schema.ts';
import type { SanctionRow } from '../db/schema.ts';

/** Still in force at `now`: not lifted, and for good or ending later. */
const inForce = (now: Date) =>
  and(isNull(sanctions.liftedAt), or(isNull(sanctions.until), gt(sanctions.until, now)));

/** SQL of sanctions in force and of token revocations (issue 29). */
export class SanctionsRepository {
  constructor(readonly db: AppDb) {}

  /** The account's ban in force, if any (the one lasting longest). */
  async activeBan(userId: string, now: Date): Promise<SanctionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sanctions)
      .where(and(eq(sanctions.userId, userId), eq(sanctions.kind, 'ban'), inForce(now)))
      .orderBy(sql`${sanctions.until} desc nulls first`)
      .limit(1);
    return row;
  }

  /** Whether a ban in force names this network address. */
  async addressBanned(address: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sanctions.id })
      .from(sanctions)
      .where(and(eq(sanctions.address, address), eq(sanctions.kind, 'ban'), inForce(now)))
      .limit(1);
    return row !== undefined;
  }

  /** When the account's chat mute in force ends, if it has one. */
  async mutedUntil(userId: string, now: Date): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ until: sql<Date | null>`max(${sanctions.until})` })
      .from(sanctions)
      .where(and(eq(sanctions.userId, userId), eq(sanctions.kind, 'mute'), inForce(now)));
    return row?.until ? new Date(row.until) : undefined;
  }

  /** Records that `subject`'s tokens issued before `at` are void (the later time wins). */
  async revoke(subject: string, at: Date): Promise<void> {
    await this.db
      .insert(tokenRevocations)
      .values({ subject, validAfter: at })
      .onConflictDoUpdate({
        target: tokenRevocations.subject,
        set: { validAfter: sql`greatest(${tokenRevocations.validAfter}, excluded.valid_after)` },
      });
  }

  /** Revocations newer than `since` (older ones void no token that still lives). */
  async revocationsSince(since: Date): Promise<Array<{ subject: string; validAfter: Date }>> {
    return this.db
      .select()
      .from(tokenRevocations)
      .where(gt(tokenRevocations.validAfter, since))
      .orderBy(desc(tokenRevocations.validAfter));
  }

  /** Forgets revocations older than `before`. */
  async pruneRevocations(before: Date): Promise<void> {
    await this.db.delete(tokenRevocations).where(lt(tokenRevocations.validAfter, before));
  }
}
