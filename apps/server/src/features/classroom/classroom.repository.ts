import { and, eq, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { classroomChannels, classroomHands, classroomParticipants } from '../../db/schema.ts';
import type {
  ClassroomChannelRow,
  ClassroomHandRow,
  ClassroomParticipantRow,
} from '../../db/schema.ts';

export type NewParticipant = Pick<
  ClassroomParticipantRow,
  | 'socketId'
  | 'channel'
  | 'userId'
  | 'role'
  | 'name'
  | 'feed'
  | 'audioProhibited'
  | 'videoProhibited'
>;

/** The only place with SQL for classrooms: their flags, the screen sharer and who is in them. */
export class ClassroomRepository {
  constructor(private readonly db: AppDb) {}

  /** A call's room gets its row (flags, screen sharer) on its first join; a no-op after that. */
  async ensureChannel(channel: string): Promise<void> {
    await this.db.insert(classroomChannels).values({ channel }).onConflictDoNothing();
  }

  async channel(channel: string): Promise<ClassroomChannelRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classroomChannels)
      .where(eq(classroomChannels.channel, channel));
    return row;
  }

  async setFlag(
    channel: string,
    kind: 'audio' | 'video',
    value: boolean,
  ): Promise<ClassroomChannelRow | undefined> {
    const [row] = await this.db
      .update(classroomChannels)
      .set(
        kind === 'audio'
          ? { globalMuteAudio: value, updatedAt: new Date() }
          : { globalMuteVideo: value, updatedAt: new Date() },
      )
      .where(eq(classroomChannels.channel, channel))
      .returning();
    return row;
  }

  /** Makes `userId` the room's sharer unless someone else is; true when they now hold it. */
  async claimScreen(channel: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .update(classroomChannels)
      .set({ screenSharer: userId })
      .where(
        and(
          eq(classroomChannels.channel, channel),
          or(isNull(classroomChannels.screenSharer), eq(classroomChannels.screenSharer, userId)),
        ),
      )
      .returning({ channel: classroomChannels.channel });
    return rows.length > 0;
  }

  /** Raises `userId`'s hand; a hand already up keeps its place in the queue. */
  async raiseHand(channel: string, userId: string, name: string): Promise<void> {
    await this.db.insert(classroomHands).values({ channel, userId, name }).onConflictDoNothing();
  }

  /** Lowers one hand (every hand of the class when `userId` is null). */
  async lowerHands(channel: string, userId: string | null): Promise<void> {
    await this.db
      .delete(classroomHands)
      .where(
        userId === null
          ? eq(classroomHands.channel, channel)
          : and(eq(classroomHands.channel, channel), eq(classroomHands.userId, userId)),
      );
  }

  /** The class's raised hands, in the order raised. */
  async hands(channel: string): Promise<ClassroomHandRow[]> {
    return this.db
      .select()
      .from(classroomHands)
      .where(eq(classroomHands.channel, channel))
      .orderBy(classroomHands.raisedAt, classroomHands.name);
  }

  /** Gives the screen back if `userId` holds it; true when it did. */
  async releaseScreen(channel: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .update(classroomChannels)
      .set({ screenSharer: null })
      .where(
        and(eq(classroomChannels.channel, channel), eq(classroomChannels.screenSharer, userId)),
      )
      .returning({ channel: classroomChannels.channel });
    return rows.length > 0;
  }

  async addParticipant(row: NewParticipant): Promise<void> {
    await this.db.insert(classroomParticipants).values(row);
  }

  /**
   * Adds the row unless the room already has `max` people; the channel row is locked meanwhile,
   * so joins on every process are counted one at a time. False when the room is full.
   */
  async addParticipantIfRoom(row: NewParticipant, max: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx
        .select({ channel: classroomChannels.channel })
        .from(classroomChannels)
        .where(eq(classroomChannels.channel, row.channel))
        .for('update');
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(classroomParticipants)
        .where(eq(classroomParticipants.channel, row.channel));
      if ((counted?.n ?? 0) >= max) return false;
      await tx.insert(classroomParticipants).values(row);
      return true;
    });
  }

  async participant(socketId: string): Promise<ClassroomParticipantRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classroomParticipants)
      .where(eq(classroomParticipants.socketId, socketId));
    return row;
  }

  async participantByFeed(
    channel: string,
    feed: number,
  ): Promise<ClassroomParticipantRow | undefined> {
    const [row] = await this.db
      .select()
      .from(classroomParticipants)
      .where(and(eq(classroomParticipants.channel, channel), eq(classroomParticipants.feed, feed)));
    return row;
  }

  async participants(channel: string): Promise<ClassroomParticipantRow[]> {
    return this.db
      .select()
      .from(classroomParticipants)
      .where(eq(classroomParticipants.channel, channel))
      .orderBy(classroomParticipants.joinedAt);
  }

  /** Whether another socket of `userId` is still in the room (for the screen share on leave). */
  async userStillIn(channel: string, userId: string, socketId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: sql<number>`1` })
      .from(classroomParticipants)
      .where(
        and(
          eq(classroomParticipants.channel, channel),
          eq(classroomParticipants.userId, userId),
          ne(classroomParticipants.socketId, socketId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async setMids(
    socketId: string,
    mids: Pick<ClassroomParticipantRow, 'audioMid' | 'videoMid' | 'screenMid'>,
  ): Promise<void> {
    await this.db
      .update(classroomParticipants)
      .set(mids)
      .where(eq(classroomParticipants.socketId, socketId));
  }

  /** Records what the person's browser says it sends. */
  async setSending(socketId: string, audioOn: boolean, videoOn: boolean): Promise<void> {
    await this.db
      .update(classroomParticipants)
      .set({ audioOn, videoOn })
      .where(eq(classroomParticipants.socketId, socketId));
  }

  /** The screen-share m-lines of the room's publishers, by feed (to label subscriptions). */
  async screenMids(channel: string): Promise<Map<number, string>> {
    const rows = await this.db
      .select({ feed: classroomParticipants.feed, mid: classroomParticipants.screenMid })
      .from(classroomParticipants)
      .where(eq(classroomParticipants.channel, channel));
    return new Map(rows.flatMap((r) => (r.mid ? [[r.feed, r.mid] as const] : [])));
  }

  async setProhibited(socketId: string, kind: 'audio' | 'video', value: boolean): Promise<void> {
    await this.db
      .update(classroomParticipants)
      .set(kind === 'audio' ? { audioProhibited: value } : { videoProhibited: value })
      .where(eq(classroomParticipants.socketId, socketId));
  }

  async removeParticipant(socketId: string): Promise<ClassroomParticipantRow | undefined> {
    const [row] = await this.db
      .delete(classroomParticipants)
      .where(eq(classroomParticipants.socketId, socketId))
      .returning();
    return row;
  }

  /**
   * Removes the rows of `channel` whose feed Janus no longer has (their process died and Janus
   * timed their session out); returns them.
   */
  async removeGone(
    channel: string,
    liveFeeds: number[],
    joinedBefore: Date,
  ): Promise<ClassroomParticipantRow[]> {
    return this.db
      .delete(classroomParticipants)
      .where(
        and(
          eq(classroomParticipants.channel, channel),
          // A row joins Janus before it is written: a young row may be newer than `liveFeeds`.
          lt(classroomParticipants.joinedAt, joinedBefore),
          liveFeeds.length > 0 ? notInArray(classroomParticipants.feed, liveFeeds) : undefined,
        ),
      )
      .returning();
  }

  /**
   * Mesh mode: removes the rows of `channel` whose socket is not among `liveSocketIds` (their
   * process died before it could take them out); returns them.
   */
  async removeDeadSockets(
    channel: string,
    liveSocketIds: string[],
    joinedBefore: Date,
  ): Promise<ClassroomParticipantRow[]> {
    return this.db
      .delete(classroomParticipants)
      .where(
        and(
          eq(classroomParticipants.channel, channel),
          // Another process writes the row before its socket joins the room's socket.io room.
          lt(classroomParticipants.joinedAt, joinedBefore),
          liveSocketIds.length > 0
            ? notInArray(classroomParticipants.socketId, liveSocketIds)
            : undefined,
        ),
      )
      .returning();
  }

  /**
   * Whether nobody is in `channel`, nor (for a class, issue 28 §4) in any of its breakout groups'
   * rooms (`room-1-g2`): a class session lasts while anyone is in any of them.
   */
  async classEmpty(channel: string): Promise<boolean> {
    const [row] = await this.db
      .select({ socketId: classroomParticipants.socketId })
      .from(classroomParticipants)
      .where(
        or(
          eq(classroomParticipants.channel, channel),
          sql`${classroomParticipants.channel} like ${`${channel}-g%`}`,
        ),
      )
      .limit(1);
    return !row;
  }

  /** Frees the screen when its sharer is no longer among `userIds` in the room. */
  async releaseScreenUnlessIn(channel: string, userIds: string[]): Promise<void> {
    await this.db
      .update(classroomChannels)
      .set({ screenSharer: null })
      .where(
        and(
          eq(classroomChannels.channel, channel),
          userIds.length > 0
            ? sql`not (${inArray(classroomChannels.screenSharer, userIds)})`
            : undefined,
        ),
      );
  }
}
