import type { RenderNodeReport, StreamPlace } from '@atrium/protocol';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { playerSlots, renderNodes, renderSlots } from '../../db/schema.ts';

/** Unique violations: two callers raced for the same slot number. */
const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | undefined)?.code === '23505' ||
  (error as { cause?: { code?: unknown } } | undefined)?.cause?.code === '23505';

/** One live render node's room. */
export interface NodeRoom {
  name: string;
  region: string;
  availableSlots: number;
  totalSlots: number;
}

/** The only place with SQL for stream slots and render nodes. */
export class BalancingRepository {
  constructor(private readonly db: AppDb) {}

  /** Frees every slot whose time ran out. */
  async sweep(now: Date): Promise<void> {
    await this.db.delete(playerSlots).where(lt(playerSlots.expiresAt, now));
  }

  /**
   * Takes the lowest free slot number in 1..total for `subject`, or returns undefined when all
   * are taken. Concurrent callers that pick the same number retry with the next free one.
   */
  async take(
    subject: string,
    total: number,
    expiresAt: Date,
  ): Promise<{ uniqueId: string; playerId: number } | undefined> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const free: unknown = await this.db.execute(sql`
        select n from generate_series(1, ${total}::int) as n
        where not exists (select 1 from ${playerSlots} where ${playerSlots.playerId} = n)
        order by n limit 1`);
      const n = (free as { rows: Array<{ n: number }> }).rows[0]?.n;
      if (n === undefined) return undefined;
      try {
        const [row] = await this.db
          .insert(playerSlots)
          .values({ playerId: Number(n), subject, expiresAt })
          .returning({ uniqueId: playerSlots.uniqueId, playerId: playerSlots.playerId });
        return row;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return undefined;
  }

  /** Extends a slot the subject holds; undefined if it is not theirs or no longer held. */
  async renew(
    uniqueId: string,
    subject: string,
    expiresAt: Date,
  ): Promise<{ uniqueId: string; playerId: number } | undefined> {
    const [row] = await this.db
      .update(playerSlots)
      .set({ expiresAt })
      .where(and(eq(playerSlots.uniqueId, uniqueId), eq(playerSlots.subject, subject)))
      .returning({ uniqueId: playerSlots.uniqueId, playerId: playerSlots.playerId });
    return row;
  }

  async release(uniqueId: string): Promise<void> {
    await this.db.delete(playerSlots).where(eq(playerSlots.uniqueId, uniqueId));
  }

  /** Issue 31: a render node says it is alive (registering the first time). */
  async reportNode(report: RenderNodeReport, now: Date): Promise<void> {
    const { id, name, region, version, capacity } = report;
    await this.db
      .insert(renderNodes)
      .values({ id, name, region, version, capacity, seenAt: now })
      .onConflictDoUpdate({
        target: renderNodes.id,
        set: { name, region, version, capacity, seenAt: now },
      });
  }

  /** Removes a node (and so its render slots); true if it was there. */
  async removeNode(id: string): Promise<boolean> {
    const gone = await this.db
      .delete(renderNodes)
      .where(eq(renderNodes.id, id))
      .returning({ id: renderNodes.id });
    return gone.length > 0;
  }

  /** Removes every node not heard from since `cutoff`, with their render slots; their ids. */
  async sweepNodes(cutoff: Date): Promise<string[]> {
    const gone = await this.db
      .delete(renderNodes)
      .where(lt(renderNodes.seenAt, cutoff))
      .returning({ id: renderNodes.id });
    return gone.map((n) => n.id);
  }

  /** The sessions a node holds, by slot. */
  async sessionsOf(nodeId: string): Promise<{ uniqueId: string; slot: number }[]> {
    return this.db
      .select({ uniqueId: renderSlots.uniqueId, slot: renderSlots.slot })
      .from(renderSlots)
      .where(eq(renderSlots.nodeId, nodeId))
      .orderBy(renderSlots.slot);
  }

  /** Where a stream slot is drawn, if it has a place. */
  async placeOf(uniqueId: string): Promise<StreamPlace | undefined> {
    const [row] = await this.db
      .select({
        id: renderNodes.id,
        name: renderNodes.name,
        region: renderNodes.region,
        slot: renderSlots.slot,
      })
      .from(renderSlots)
      .innerJoin(renderNodes, eq(renderNodes.id, renderSlots.nodeId))
      .where(eq(renderSlots.uniqueId, uniqueId));
    return row && { node: { id: row.id, name: row.name, region: row.region }, slot: row.slot };
  }

  /**
   * Gives the stream slot `uniqueId` a place on the live node (heard from since `cutoff`) that
   * is least full, at its lowest free number; undefined when every node is full. Two processes
   * that pick the same place: the unique index refuses one, which tries again.
   */
  async place(uniqueId: string, cutoff: Date): Promise<StreamPlace | undefined> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const found: unknown = await this.db.execute(sql`
        select n.id, n.name, n.region, s.slot
        from ${renderNodes} n
        cross join lateral generate_series(1, n.capacity) as s(slot)
        where n.seen_at >= ${cutoff}
          and not exists (
            select 1 from ${renderSlots} r where r.node_id = n.id and r.slot = s.slot)
        order by (select count(*) from ${renderSlots} r where r.node_id = n.id)::float
                   / n.capacity, n.id, s.slot
        limit 1`);
      const row = (found as { rows: { id: string; name: string; region: string; slot: number }[] })
        .rows[0];
      if (!row) return undefined;
      try {
        await this.db
          .insert(renderSlots)
          .values({ uniqueId, nodeId: row.id, slot: Number(row.slot) });
        return {
          node: { id: row.id, name: row.name, region: row.region },
          slot: Number(row.slot),
        };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return undefined;
  }

  /** Every node heard from since `cutoff`, with its free and total sessions. */
  async nodeRooms(cutoff: Date): Promise<NodeRoom[]> {
    const rows = await this.db
      .select({
        name: renderNodes.name,
        region: renderNodes.region,
        capacity: renderNodes.capacity,
        held: sql<number>`(select count(*) from ${renderSlots} where ${renderSlots.nodeId} = ${renderNodes.id})`,
      })
      .from(renderNodes)
      .where(sql`${renderNodes.seenAt} >= ${cutoff}`)
      .orderBy(renderNodes.name);
    return rows.map((r) => ({
      name: r.name,
      region: r.region,
      totalSlots: r.capacity,
      availableSlots: Math.max(0, r.capacity - Number(r.held)),
    }));
  }

  async countHeld(now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(playerSlots)
      .where(sql`${playerSlots.expiresAt} >= ${now}`);
    return row?.n ?? 0;
  }
}
