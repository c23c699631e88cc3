import { and, asc, desc, eq, inArray, lt, not, or, sql } from 'drizzle-orm';
import { CALL_CHANNEL_PATTERN, FriendStatus, SocialConstants } from '@atrium/protocol';
import type { InboxType } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import {
  classroomParticipants,
  friendships,
  inboxMessages,
  notifications,
  userBlocks,
  users,
} from '../../db/schema.ts';
import type { FriendshipRow, InboxMessageRow, NotificationRow } from '../../db/schema.ts';

export interface SocialUser {
  id: string;
  username: string;
}

export interface FriendRecord extends FriendshipRow {
  username: string;
}

/** A notification to store: what its service decides; the database numbers and dates it. */
export type NotificationDraft = Omit<NotificationRow, 'id' | 'isRead' | 'createdAt' | 'status'> & {
  status?: number;
};

/** What sending a message found: its recipient, and the stored message unless refused. */
export interface Delivery {
  recipient: SocialUser;
  /** The recipient blocks the sender (nothing was stored). */
  blocked: boolean;
  isFriend: boolean;
  /**
   * Null when the slot held a message still fresh (busy), a call found the recipient in another
   * call, or the rules stored nothing.
   */
  row: InboxMessageRow | null;
  /** The notification stored with the message, and the recipient's unread count with it. */
  notification: { row: NotificationRow; unread: number } | null;
}

interface SendRow {
  username: string;
  blocked: boolean;
  is_friend: boolean;
  stored: boolean;
  notification_id: string | number | null;
  unread: number | null;
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

  /**
   * Sends a message in one statement (issue 27: a call waited on five round trips before): finds
   * the recipient by id and name, reads whether they block the sender and whether the two are
   * friends, takes the recipient's slot of this type unless it holds a message that has not
   * expired, and stores `notification` with it. Nothing is stored for a blocker, nor for an
   * invite between people who are not friends. Null when there is no such user.
   */
  async send(
    message: Omit<InboxMessageRow, 'createdAt' | 'isFriend'>,
    recipientName: string,
    now: Date,
    notification?: NotificationDraft,
  ): Promise<Delivery | null> {
    const { recipientId, inbox, type, fromId, fromName, userActionType, channel } = message;
    const at = now.toISOString();
    const cutoff = this.cutoff(now, inbox as InboxType).toISOString();
    const n = notification;
    // The unread count reads the snapshot before this statement's own notification.
    const noted = n
      ? sql`, noted as (
          insert into ${notifications} (user_id, type, send_by, send_by_username, request_by,
            request_by_username, user_action, requested_on, status, created_at)
          select ${n.userId}::uuid, ${n.type}::text, ${n.sendBy}::uuid, ${n.sendByUsername}::text,
            ${n.requestBy}::uuid, ${n.requestByUsername}::text, ${n.userAction}::text,
            ${n.requestedOn?.toISOString() ?? null}::timestamptz, ${n.status ?? 0}::int,
            ${at}::timestamptz
          where exists (select 1 from stored)
          returning id
        )`
      : sql``;
    const notedColumns = n
      ? sql`(select id from noted) as notification_id,
          (select count(*)::int from ${notifications} x
           where x.user_id = r.id and not x.is_read) + 1 as unread`
      : sql`null as notification_id, null as unread`;
    const result: unknown = await this.db.execute(sql`
      with recipient as (
        select u.id, u.username,
          exists (select 1 from ${userBlocks} b
                  where b.blocker_id = u.id and b.blocked_id = ${fromId}) as blocked,
          exists (select 1 from ${friendships} f
                  where f.user_id = ${fromId} and f.friend_id = u.id
                    and f.status = ${FriendStatus.accepted}) as is_friend,
          -- In a call's room now (any process): a new call finds her busy (issue 27).
          exists (select 1 from ${classroomParticipants} p
                  where p.user_id = u.id and p.channel ~ ${CALL_CHANNEL_PATTERN.source}) as in_call
        from ${users} u
        where u.id = ${recipientId} and lower(u.username) = lower(${recipientName})
      ), stored as (
        insert into ${inboxMessages} as m (recipient_id, inbox, type, from_id, from_name,
          is_friend, user_action_type, channel, created_at)
        select r.id, ${inbox}::text, ${type}::text, ${fromId}::uuid, ${fromName}::text,
          r.is_friend, ${userActionType}::text, ${channel}::text, ${at}::timestamptz
        from recipient r
        where not r.blocked and (r.is_friend or ${inbox}::text <> 'InviteUser')
          and not (r.in_call and ${inbox}::text = 'CallUser')
        on conflict (recipient_id, inbox) do update set type = excluded.type,
          from_id = excluded.from_id, from_name = excluded.from_name,
          is_friend = excluded.is_friend, user_action_type = excluded.user_action_type,
          channel = excluded.channel, created_at = excluded.created_at
        where m.created_at < ${cutoff}::timestamptz
        returning 1
      )${noted}
      select r.username, r.blocked, r.is_friend, exists (select 1 from stored) as stored,
        ${notedColumns}
      from recipient r`);
    const [found] = (result as { rows: SendRow[] }).rows;
    if (!found) return null;
    const stored = n && found.notification_id !== null;
    return {
      recipient: { id: recipientId, username: found.username },
      blocked: found.blocked,
      isFriend: found.is_friend,
      row: found.stored ? { ...message, isFriend: found.is_friend, createdAt: now } : null,
      notification: stored
        ? {
            row: {
              ...n,
              id: Number(found.notification_id),
              status: n.status ?? 0,
              isRead: false,
              createdAt: now,
            },
            unread: found.unread ?? 1,
          }
        : null,
    };
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

  async notify(row: NotificationDraft): Promise<NotificationRow> {
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

  /** The accounts `userId` blocked or was blocked by (issue 30: they never hear each other). */
  async blockedEither(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ blocker: userBlocks.blockerId, blocked: userBlocks.blockedId })
      .from(userBlocks)
      .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
    return [...new Set(rows.map((r) => (r.blocker === userId ? r.blocked : r.blocker)))];
  }
}
