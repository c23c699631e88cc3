import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { classroomMediaPlacements, classroomParticipants } from '../../db/schema.ts';

/** Which Janus carries which video room (JANUS_URLS, issue 28 §6), shared by every process. */
export class PlacementRepository {
  constructor(private readonly db: AppDb) {}

  /** The Janus (its URL) `channel` is placed on, if it is placed. */
  async server(channel: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ server: classroomMediaPlacements.server })
      .from(classroomMediaPlacements)
      .where(eq(classroomMediaPlacements.channel, channel));
    return row?.server;
  }

  /**
   * How many rooms with people in them each of `servers` carries; a server with none is absent.
   * Empty rooms keep their rows (a class comes back to its Janus) but weigh nothing.
   */
  async busy(servers: string[]): Promise<Map<string, number>> {
    const p = classroomMediaPlacements;
    const rows = await this.db
      .select({ server: p.server, rooms: sql<number>`count(*)::int` })
      .from(p)
      .where(
        and(
          inArray(p.server, servers),
          exists(
            this.db
              .select({ one: sql`1` })
              .from(classroomParticipants)
              .where(eq(classroomParticipants.channel, p.channel)),
          ),
        ),
      )
      .groupBy(p.server);
    return new Map(rows.map((r) => [r.server, Number(r.rooms)]));
  }

  /**
   * Places `channel` on `server` if it is not placed, or if it is still on `replacing` (a Janus
   * the caller found gone); resolves with the server the row names afterwards. Two processes
   * racing both end up with the first one's choice: the conditional upsert lets one win, and the
   * loser reads the winner's row (committed by then: ON CONFLICT waited for it).
   */
  async place(channel: string, server: string, replacing: string | null): Promise<string> {
    const p = classroomMediaPlacements;
    const insert = this.db.insert(p).values({ channel, server });
    const [won] = await (
      replacing === null
        ? insert.onConflictDoNothing({ target: p.channel })
        : insert.onConflictDoUpdate({
            target: p.channel,
            set: { server, placedAt: new Date() },
            setWhere: eq(p.server, replacing),
          })
    ).returning({ server: p.server });
    if (won) return won.server;
    return (await this.server(channel)) ?? server;
  }
}
