import { and, asc, eq, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { EntryPolicy } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import { classroomChannels, classroomLobby } from '../../db/schema.ts';
import type { ClassroomLobbyRow } from '../../db/schema.ts';

/** The lobby's SQL (issue 28 §1): one row per person and class, shared by every process. */
export class LobbyRepository {
  constructor(private readonly db: AppDb) {}

  async setPolicy(channel: string, policy: EntryPolicy): Promise<void> {
    await this.db
      .update(classroomChannels)
      .set({ entryPolicy: policy, updatedAt: new Date() })
      .where(eq(classroomChannels.channel, channel));
  }

  async entry(channel: string, userId: string): Promise<ClassroomLobbyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classroomLobby)
      .where(and(eq(classroomLobby.channel, channel), eq(classroomLobby.userId, userId)));
    return row;
  }

  /**
   * Puts a person in the lobby from `socketId` (a reconnect moves their place to the new socket
   * and keeps it: the order is by `since`).
   */
  async wait(channel: string, userId: string, name: string, socketId: string): Promise<void> {
    await this.db
      .insert(classroomLobby)
      .values({ channel, userId, name, socketId, state: 'waiting' })
      .onConflictDoUpdate({
        target: [classroomLobby.channel, classroomLobby.userId],
        set: {
          name,
          socketId,
          state: 'waiting',
          since: sql`case when ${classroomLobby.state} = 'waiting' then ${classroomLobby.since} else now() end`,
        },
      });
  }

  /** Everyone waiting in the class's lobby, in the order they came. */
  async waiting(channel: string): Promise<ClassroomLobbyRow[]> {
    return this.db
      .select()
      .from(classroomLobby)
      .where(and(eq(classroomLobby.channel, channel), eq(classroomLobby.state, 'waiting')))
      .orderBy(asc(classroomLobby.since));
  }

  /** Lets one waiting person (or, with null, all of them) in; returns whom, with their sockets. */
  async admit(channel: string, userId: string | null): Promise<ClassroomLobbyRow[]> {
    return this.db
      .update(classroomLobby)
      .set({ state: 'admitted', since: new Date() })
      .where(
        and(
          eq(classroomLobby.channel, channel),
          eq(classroomLobby.state, 'waiting'),
          userId === null ? undefined : eq(classroomLobby.userId, userId),
        ),
      )
      .returning();
  }

  /**
   * The door closes during a class: those already in it count as admitted, so a dropped
   * connection brings them back in rather than into the lobby.
   */
  async admitPresent(channel: string, people: { userId: string; name: string }[]): Promise<void> {
    if (people.length === 0) return;
    await this.db
      .insert(classroomLobby)
      .values(people.map((p) => ({ channel, ...p, state: 'admitted' as const, socketId: null })))
      .onConflictDoUpdate({
        target: [classroomLobby.channel, classroomLobby.userId],
        set: { state: 'admitted', socketId: null },
      });
  }

  /** Takes a waiting person out of the lobby; returns their row (with the socket) if they waited. */
  async deny(channel: string, userId: string): Promise<ClassroomLobbyRow | undefined> {
    const [row] = await this.db
      .delete(classroomLobby)
      .where(
        and(
          eq(classroomLobby.channel, channel),
          eq(classroomLobby.userId, userId),
          eq(classroomLobby.state, 'waiting'),
        ),
      )
      .returning();
    return row;
  }

  /** Marks a person removed from the class session: their next join waits, whatever the policy. */
  async markRemoved(channel: string, userId: string, name: string): Promise<void> {
    await this.db
      .insert(classroomLobby)
      .values({ channel, userId, name, state: 'removed', socketId: null })
      .onConflictDoUpdate({
        target: [classroomLobby.channel, classroomLobby.userId],
        set: { state: 'removed', socketId: null, since: new Date() },
      });
  }

  /** A waiting socket went (closed tab, left the lobby): its person waits no more. */
  async leave(socketId: string): Promise<ClassroomLobbyRow[]> {
    return this.db
      .delete(classroomLobby)
      .where(and(eq(classroomLobby.socketId, socketId), eq(classroomLobby.state, 'waiting')))
      .returning();
  }

  /**
   * Takes out of `channel`'s lobby those waiting on sockets not in `live` since before `before`
   * (their process died with them: no disconnect ran); returns how many.
   */
  async dropDead(channel: string, live: string[], before: Date): Promise<number> {
    const gone = await this.db
      .delete(classroomLobby)
      .where(
        and(
          eq(classroomLobby.channel, channel),
          eq(classroomLobby.state, 'waiting'),
          lt(classroomLobby.since, before),
          live.length > 0 ? notInArray(classroomLobby.socketId, live) : undefined,
        ),
      )
      .returning({ userId: classroomLobby.userId });
    return gone.length;
  }

  /**
   * The class session ended (its last person left): who was admitted or removed starts afresh
   * next time. Those still waiting keep waiting for a teacher.
   */
  async endSession(channel: string): Promise<void> {
    await this.db
      .delete(classroomLobby)
      .where(and(eq(classroomLobby.channel, channel), ne(classroomLobby.state, 'waiting')));
  }
}
