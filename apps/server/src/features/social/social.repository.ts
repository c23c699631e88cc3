import { and, asc, desc, eq, inArray, lt, not, or, sql } from 'drizzle-orm';
import { FriendStatus, SocialConstants } from '@atrium/protocol';
import type { InboxType } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import { friendships, inboxMessages, notifications, userBlocks, users } from '../../db/schema.ts';
import type { FriendshipRow, InboxMessageRow, NotificationRow } from '../../db/schema.ts';

export interface SocialUser {
  id: string;
  username: string;
}

export interface FriendRecord extends FriendshipRow {
  username: string;
}

type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** The only place with SQL for the social layer: friendships, inbox, notifications and blocks. */
export class SocialRepository {
  constructor(private readonly db: AppDb) {}

  // --- Users.

  async userByName(username: string): Promise<SocialUser | undefined> {
    const [row] = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  }

  async userById(id: string): Promise<SocialUser | undefined> {
    const [row] = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  /** SPEC §3 `UsersInfo.lastSeen`: set when the user comes online and when they leave. */
  async touchLastSeen(userId: string, at: Date): Promise<void> {
    await this.db.update(users).set({ lastSeen: at }).where(eq(users.id, userId));
  }

  /** The online ids' accounts, by username, optionally those whose name contains `search`. */
  async usersAmong(
    ids: string[],
    search: string | undefined,
    limit: number,
  ): Promise<{ total: number; users: SocialUser[] }> {
    if (ids.length === 0) return { total: 0, users: [] };
    const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = pattern
      ? and(inArray(users.id, ids), sql`${users.username} ilike ${pattern}`)
      : inArray(users.id, ids);
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    const rows = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.username})`)
      .limit(limit);
    return { total: count?.n ?? 0, users: rows };
  }

  // --- Friendships: both records change together, in one transaction, under one pair lock.

  async friends(userId: string): Promise<FriendRecord[]> {
    const rows = await this.db
      .select({ f: friendships, username: users.username })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(eq(friendships.userId, userId))
      .orderBy(sql`lower(${users.username})`);
    return rows.map((r) => ({ ...r.f, username: r.username }));
  }

  async friendship(userId: string, friendId: string): Promise<FriendshipRow | undefined> {
    const [row] = await this.db
      .select()
      .from(friendships)
      .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
    return row;
  }

  /** The accepted friends' ids (for presence updates). */
  async friendIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: friendships.friendId })
      .from(friendships)
      .where(and(eq(friendships.userId, userId), eq(friendships.status, FriendStatus.accepted)));
    return rows.map((r) => r.id);
  }

  /**
   * Runs `fn` in a transaction that holds the pair's advisory lock, so concurrent requests,
   * answers and removals between the same two people run one after the other.
   */
  private pair<T>(a: string, b: string, fn: (tx: Tx, mine?: FriendshipRow) => Promise<T>) {
    const key = [a, b].sort().join(':');
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const [mine] = await tx
        .select()
        .from(friendships)
        .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)));
      return fn(tx, mine);
    });
  }

  /** Writes the same record on both sides. */
  private async writeBoth(
    tx: Tx,
    a: string,
    b: string,
    values: Omit<FriendshipRow, 'userId' | 'friendId'>,
  ): Promise<void> {
    await tx
      .insert(friendships)
      .values([
        { userId: a, friendId: b, ...values },
        { userId: b, friendId: a, ...values },
      ])
      .onConflictDoUpdate({
        target: [friendships.userId, friendships.friendId],
        set: {
          status: sql`excluded.status`,
          requestedBy: sql`excluded.requested_by`,
          requestedOn: sql`excluded.requested_on`,
          approvedOn: sql`excluded.approved_on`,
          rejectedOn: sql`excluded.rejected_on`,
        },
      });
  }

  /** A new request (or a new one after a rejection); false when pending or friends already. */
  request(from: string, to: string, at: Date): Promise<boolean> {
    return this.pair(from, to, async (tx, mine) => {
      if (mine && mine.status !== FriendStatus.rejected) return false;
      await this.writeBoth(tx, from, to, {
        status: FriendStatus.pending,
        requestedBy: from,
        requestedOn: at,
        approvedOn: null,
        rejectedOn: null,
      });
      return true;
    });
  }

  /** Accepts or rejects the pending request `requester` sent to `me`; false when there is none. */
  answer(me: string, requester: string, accept: boolean, at: Date): Promise<boolean> {
    return this.pair(me, requester, async (tx, mine) => {
      if (!mine || mine.status !== FriendStatus.pending || mine.requestedBy !== requester) {
        return false;
      }
      await this.writeBoth(tx, me, requester, {
        status: accept ? FriendStatus.accepted : FriendStatus.rejected,
        requestedBy: mine.requestedBy,
        requestedOn: mine.requestedOn,
        approvedOn: accept ? at : null,
        rejectedOn: accept ? null : at,
      });
      return true;
    });
  }

  /** Deletes both records; false when there were none. */
  remove(me: string, other: string): Promise<boolean> {
    return this.pair(me, other, async (tx, mine) => {
      if (!mine) return false;
      await tx
        .delete(friendships)
        .where(
          sql`(${friendships.userId} = ${me} and ${friendships.friendId} = ${other}) or (${friendships.userId} = ${other} and ${friendships.friendId} = ${me})`,
        );
      return true;
    });
  }

  // --- Inbox: one pending message per recipient and type; older than an hour is gone.

  /** The oldest a message of `inbox` may be: a call rings 30 s, the rest last an hour. */
  private cutoff(now: Date, inbox?: InboxType): Date {
    const life = inbox === 'CallUser' ? SocialConstants.callRingMs : SocialConstants.inboxExpiryMs;
    return new Date(now.getTime() - life);
  }

  /** A message of the recipient's that is past its life (a call after 30 s, the rest an hour). */
  private expired(now: Date) {
    return or(
      lt(inboxMessages.createdAt, this.cutoff(now)),
      and(
        eq(inboxMessages.inbox, 'CallUser'),
        lt(inboxMessages.createdAt, this.cutoff(now, 'CallUser')),
      ),
    );
  }

  /** Stores the message unless the slot holds one that has not expired; false when busy. */
  async put(row: Omit<InboxMessageRow, 'createdAt'>, now: Date): Promise<InboxMessageRow | null> {
    await this.db
      .delete(inboxMessages)
      .where(
        and(
          eq(inboxMessages.recipientId, row.recipientId),
          eq(inboxMessages.inbox, row.inbox),
          lt(inboxMessages.createdAt, this.cutoff(now, row.inbox as InboxType)),
        ),
      );
    const [inserted] = await this.db
      .insert(inboxMessages)
      .values({ ...row, createdAt: now })
      .onConflictDoNothing()
      .returning();
    return inserted ?? null;
  }

  /** Takes (deletes and returns) the recipient's pending message of one type, if still fresh. */
  async take(recipientId: string, inbox: InboxType, now: Date): Promise<InboxMessageRow | null> {
    const [row] = await this.db
      .delete(inboxMessages)
      .where(and(eq(inboxMessages.recipientId, recipientId), eq(inboxMessages.inbox, inbox)))
      .returning();
    if (!row || row.createdAt < this.cutoff(now, inbox)) return null;
    return row;
  }

  /**
   * Takes one exact message (recipient, type, sender, sent at), fresh or not: null when it was
   * answered, cancelled or replaced meanwhile. The ring-out and a caller's cancel use it.
   */
  async takeExact(
    recipientId: string,
    inbox: InboxType,
    fromId: string,
    createdAt?: Date,
  ): Promise<InboxMessageRow | null> {
    const [row] = await this.db
      .delete(inboxMessages)
      .where(
        and(
          eq(inboxMessages.recipientId, recipientId),
          eq(inboxMessages.inbox, inbox),
          eq(inboxMessages.fromId, fromId),
          ...(createdAt ? [eq(inboxMessages.createdAt, createdAt)] : []),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** The recipient's fresh pending messages, oldest first; expired ones are deleted. */
  async pending(recipientId: string, now: Date): Promise<InboxMessageRow[]> {
    await this.db
      .delete(inboxMessages)
      .where(and(eq(inboxMessages.recipientId, recipientId), this.expired(now)));
    return this.db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.recipientId, recipientId), not(this.expired(now)!)))
      .orderBy(asc(inboxMessages.createdAt));
  }

  // --- Notifications.

  async notify(
    row: Omit<NotificationRow, 'id' | 'isRead' | 'createdAt' | 'status'> & { status?: number },
  ): Promise<NotificationRow> {
    const [inserted] = await this.db.insert(notifications).values(row).returning();
    if (!inserted) throw new Error('notification insert returned no row');
    return inserted;
  }

  /** Records the answer on the notifications `me` got from `from` of `type` that still wait. */
  async settle(me: string, from: string, type: string, status: number, at: Date): Promise<void> {
    await this.db
      .update(notifications)
      .set(status === 1 ? { status, approvedOn: at } : { status, rejectedOn: at })
      .where(
        and(
          eq(notifications.userId, me),
          eq(notifications.sendBy, from),
          eq(notifications.type, type),
          eq(notifications.status, 0),
        ),
      );
  }

  async notificationsOf(userId: string, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(limit);
  }

  async unread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    return row?.n ?? 0;
  }

  async markRead(userId: string): Promise<void> {
    await this.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  }

  // --- Blocks.

  async block(blocker: string, blocked: string): Promise<void> {
    await this.db
      .insert(userBlocks)
      .values({ blockerId: blocker, blockedId: blocked })
      .onConflictDoNothing();
  }

  async unblock(blocker: string, blocked: string): Promise<void> {
    await this.db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)));
  }

  async blocked(blocker: string): Promise<SocialUser[]> {
    return this.db
      .select({ id: users.id, username: users.username })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, blocker))
      .orderBy(sql`lower(${users.username})`);
  }

  async isBlocked(blocker: string, blocked: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)));
    return row !== undefined;
  }
}
