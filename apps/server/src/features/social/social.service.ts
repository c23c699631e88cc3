import {
  FriendStatus,
  isCallChannel,
  notificationText,
  SocialConstants,
  SocialText,
  VideoChannelSchema,
} from '@atrium/protocol';
import type {
  AnswerAck,
  Emote,
  Friend,
  InboxMessage,
  InboxType,
  MessageType,
  Notification,
  Position,
  Reply,
  ServerPayload,
  ServerEventName,
} from '@atrium/protocol';
import type { CallRooms } from '../../calls/call-rooms.ts';
import type { InboxMessageRow, NotificationRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { toUser, userRoom } from '../../realtime/realtime.ts';
import type { AtriumServer } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import type { PresenceStore } from './social.presence.ts';
import type { FriendRecord, SocialRepository, SocialUser } from './social.repository.ts';

export interface SocialServiceDeps {
  repo: SocialRepository;
  presence: PresenceStore;
  limiter: RateLimiter;
  /** The socket server once built; rows are stored even before it exists. */
  io: () => AtriumServer | null;
  /** The debug ping exists only in development mode (DESIGN, "Debug handles"). */
  development: boolean;
  /** Who may join a call's own video room: accepted calls and invites admit people. */
  callRooms: CallRooms;
  now?: () => Date;
}

/** What a sent message carries besides its sender and recipient. */
interface Outgoing {
  inbox: InboxType;
  type: MessageType;
  action?: Emote;
  channel?: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type as Notification['type'],
  sendBy: row.sendBy,
  sendByUserName: row.sendByUsername,
  requestBy: row.requestBy,
  requestByUserName: row.requestByUsername,
  userAction: row.userAction,
  requestedOn: iso(row.requestedOn),
  approvedOn: iso(row.approvedOn),
  rejectedOn: iso(row.rejectedOn),
  status: row.status,
  isRead: row.isRead,
  timestamp: row.createdAt.toISOString(),
  text: notificationText(row.type as Notification['type'], row.sendByUsername, row.userAction),
});

export const toInboxMessage = (row: InboxMessageRow): InboxMessage => ({
  inbox: row.inbox as InboxType,
  type: row.type as MessageType,
  from: row.fromName,
  from_id: row.fromId,
  timestamp: row.createdAt.getTime(),
  isFriend: row.isFriend,
  userAccepted: null,
  user_action_type: row.userActionType,
  channel: row.channel,
});

/**
 * The social layer's rules (SPEC §4, §5): friendships, the inbox that carries calls, invites,
 * action requests and pings, notifications, presence and blocks. Guests get none of it.
 */
export class SocialService {
  private readonly now: () => Date;

  constructor(private readonly deps: SocialServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private emit<E extends ServerEventName>(userId: string, event: E, payload: ServerPayload<E>) {
    const io = this.deps.io();
    if (!io) return;
    // socket.io's typed emit cannot follow a generic event name; the map checks the call sites.
    (toUser(io, userId).emit as (e: string, p: unknown) => void)(event, payload);
  }

  /** The target of a prompt: trimmed, non-empty, not the caller. */
  private async target(me: AuthClaims, username: string, self: string): Promise<SocialUser | null> {
    const name = username.trim();
    if (!name) throw badRequest(SocialText.usernameEmpty);
    if (name.toLowerCase() === me.username.toLowerCase()) throw badRequest(self);
    const user = await this.deps.repo.userByName(name);
    if (user?.id === me.sub) throw badRequest(self);
    return user ?? null;
  }

  private async friendView(me: string, record: FriendRecord, online?: boolean): Promise<Friend> {
    return {
      user_id: record.friendId,
      userName: record.username,
      status: record.status,
      requestedOn: iso(record.requestedOn),
      approvedOn: iso(record.approvedOn),
      rejectedOn: iso(record.rejectedOn),
      incoming: record.requestedBy !== me,
      online: online ?? (await this.deps.presence.isOnline(record.friendId)),
    };
  }

  /** Tells both sides how their records now stand (null once removed). */
  private async announceFriendship(a: SocialUser, b: SocialUser): Promise<void> {
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const row = await this.deps.repo.friendship(me.id, other.id);
      const friend = row
        ? await this.friendView(me.id, { ...row, username: other.username })
        : null;
      this.emit(me.id, 'social:friend', { user_id: other.id, friend });
    }
  }

  private async notify(
    to: string,
    from: SocialUser,
    type: MessageType,
    extra: { action?: string | null; requestBy?: SocialUser; status?: number } = {},
  ): Promise<void> {
    const at = this.now();
    const row = await this.deps.repo.notify({
      userId: to,
      type,
      sendBy: from.id,
      sendByUsername: from.username,
      requestBy: (extra.requestBy ?? from).id,
      requestByUsername: (extra.requestBy ?? from).username,
      userAction: extra.action ?? null,
      requestedOn: at,
      approvedOn: null,
      rejectedOn: null,
      ...(extra.status === undefined ? {} : { status: extra.status }),
    });
    const unread = await this.deps.repo.unread(to);
    this.emit(to, 'social:notification', { notification: toNotification(row), unread });
  }

  // --- Friends.

  async friends(claims: AuthClaims | null): Promise<{ data: Friend[]; message?: string }> {
    const me = requireAccountHolder(claims);
    const records = await this.deps.repo.friends(me.sub);
    const online = new Set(await this.deps.presence.online());
    const data = await Promise.all(
      records.map((r) => this.friendView(me.sub, r, online.has(r.friendId))),
    );
    return data.length ? { data } : { data, message: SocialText.noFriends };
  }

  async requestFriend(claims: AuthClaims | null, username: string): Promise<string> {
    const me = requireAccountHolder(claims);
    const target = await this.target(me, username, SocialText.sendToSelf);
    if (!target) throw notFound(SocialText.unknownUser);
    // A blocked sender hears the same refusal as for an existing friend: nothing says why.
    if (await this.deps.repo.isBlocked(target.id, me.sub)) throw conflict(SocialText.friendFailed);
    if (!(await this.deps.repo.request(me.sub, target.id, this.now()))) {
      throw conflict(SocialText.friendFailed);
    }
    const self = { id: me.sub, username: me.username };
    await this.notify(target.id, self, 'friend-request');
    await this.announceFriendship(self, target);
    return SocialText.requestedFriend(target.username);
  }

  async answerFriend(claims: AuthClaims | null, userId: string, accept: boolean) {
    const me = requireAccountHolder(claims);
    const requester = await this.deps.repo.userById(userId);
    const at = this.now();
    if (!requester || !(await this.deps.repo.answer(me.sub, requester.id, accept, at))) {
      throw badRequest(SocialText.noRequest);
    }
    const self = { id: me.sub, username: me.username };
    const status = accept ? FriendStatus.accepted : FriendStatus.rejected;
    await this.deps.repo.settle(me.sub, requester.id, 'friend-request', status, at);
    await this.notify(requester.id, self, accept ? 'accept-request' : 'reject-request', {
      requestBy: requester,
      status,
    });
    await this.announceFriendship(self, requester);
    return accept
      ? SocialText.friendAccepted(requester.username)
      : SocialText.friendRejected(requester.username);
  }

  async removeFriend(claims: AuthClaims | null, userId: string): Promise<string> {
    const me = requireAccountHolder(claims);
    const other = await this.deps.repo.userById(userId);
    if (!other || !(await this.deps.repo.remove(me.sub, other.id))) {
      throw badRequest(SocialText.notFriend);
    }
    await this.announceFriendship({ id: me.sub, username: me.username }, other);
    return SocialText.removedFriend(other.username);
  }

  // --- Presence.

  async online(claims: AuthClaims | null, search: string | undefined, limit: number) {
    requireAccountHolder(claims);
    const ids = await this.deps.presence.online();
    const found = await this.deps.repo.usersAmong(ids, search || undefined, limit);
    return {
      total: found.total,
      users: found.users.map((u) => ({ user_id: u.id, username: u.username })),
    };
  }

  /** A socket of a signed-in account opened: presence, last seen, and the waiting inbox. */
  async connected(claims: AuthClaims, socketId: string): Promise<InboxMessage[]> {
    const at = this.now();
    if (await this.deps.presence.connect(claims.sub, socketId)) {
      await this.deps.repo.touchLastSeen(claims.sub, at);
      await this.announcePresence(claims, true);
    }
    return (await this.deps.repo.pending(claims.sub, at)).map(toInboxMessage);
  }

  async disconnected(claims: AuthClaims, socketId: string): Promise<void> {
    if (await this.deps.presence.disconnect(claims.sub, socketId)) {
      await this.deps.repo.touchLastSeen(claims.sub, this.now());
      await this.announcePresence(claims, false);
    }
  }

  private async announcePresence(claims: AuthClaims, online: boolean): Promise<void> {
    const io = this.deps.io();
    if (!io) return;
    const friends = await this.deps.repo.friendIds(claims.sub);
    if (friends.length === 0) return;
    io.to(friends.map(userRoom)).emit('social:presence', {
      user_id: claims.sub,
      username: claims.username,
      online,
    });
  }

  async pending(claims: AuthClaims | null): Promise<InboxMessage[]> {
    const me = requireAccountHolder(claims);
    return (await this.deps.repo.pending(me.sub, this.now())).map(toInboxMessage);
  }

  // --- The inbox: calls, invites, action requests, pings.

  /** SPEC §5: the rules every sent message passes, then one slot per recipient and type. */
  async send(claims: AuthClaims | null, username: string, out: Outgoing): Promise<string> {
    const me = requireAccountHolder(claims);
    if (out.inbox === 'PingUser') {
      if (!this.deps.development) throw forbidden(SocialText.debugOnly);
    }
    const self = out.inbox === 'CallUser' ? SocialText.callSelf : SocialText.sendToSelf;
    const target = await this.target(me, username, self);
    // A blocker looks offline to the one they blocked: the refusal does not say why.
    if (
      !target ||
      !(await this.deps.presence.isOnline(target.id)) ||
      (await this.deps.repo.isBlocked(target.id, me.sub))
    ) {
      throw conflict(SocialText.notOnline);
    }
    if (out.inbox === 'PingUser') {
      const cooldown = SocialConstants.pingCooldownMs;
      const hit = await this.deps.limiter.hit(`social:ping:${me.sub}`, cooldown, 1);
      if (!hit.allowed) throw tooManyRequests(SocialText.pingCooldown, hit.retryAfterMs);
    }
    if (out.inbox === 'InviteUser') await this.requireInvitable(me.sub, out.channel ?? '');
    const friendship = await this.deps.repo.friendship(me.sub, target.id);
    const row = await this.deps.repo.put(
      {
        recipientId: target.id,
        inbox: out.inbox,
        type: out.type,
        fromId: me.sub,
        fromName: me.username,
        isFriend: friendship?.status === FriendStatus.accepted,
        userActionType: out.action ?? null,
        channel: out.channel ?? null,
      },
      this.now(),
    );
    if (!row) throw conflict(SocialText.busy);
    this.emit(target.id, 'social:message', toInboxMessage(row));
    if (out.type === 'call' || out.type === 'request-action') {
      await this.notify(target.id, { id: me.sub, username: me.username }, out.type, {
        action: out.action ?? null,
      });
    }
    return SocialText.sent;
  }

  /**
   * An invite names a video room its sender may be in: a classroom (the classroom decides by
   * role at join), or a call's room the sender was admitted to.
   */
  private async requireInvitable(senderId: string, channel: string): Promise<void> {
    if (!VideoChannelSchema.safeParse(channel).success) {
      throw badRequest(SocialText.inviteUnknownRoom);
    }
    if (isCallChannel(channel) && !(await this.deps.callRooms.isAdmitted(channel, senderId))) {
      throw forbidden(SocialText.inviteNotInCall);
    }
  }

  /** The recipient answers its pending message of one type; the sender hears the reply. */
  async answer(
    claims: AuthClaims | null,
    inbox: InboxType,
    accept: boolean,
    position?: Position,
  ): Promise<AnswerAck> {
    const me = requireAccountHolder(claims);
    const at = this.now();
    const message = await this.deps.repo.take(me.sub, inbox, at);
    if (!message) throw badRequest(SocialText.nothingPending);
    // The popup closes in the user's other tabs too.
    this.emit(me.sub, 'social:cleared', { inbox });
    const self = { id: me.sub, username: me.username };
    const sender = { id: message.fromId, username: message.fromName };
    const status = accept ? FriendStatus.accepted : FriendStatus.rejected;
    const ack: AnswerAck = {
      message: '',
      room: null,
      host: null,
      user_action_type: null,
      position: null,
    };
    let reply: Omit<Reply, 'from' | 'from_id'> | null = null;
    switch (message.type) {
      case 'call': {
        // SPEC §4: the caller's id, or `callerId_accepterId` for a friend call.
        const room = message.isFriend ? `${message.fromId}_${me.sub}` : message.fromId;
        ack.message = accept ? SocialText.youAcceptedCall : SocialText.youRejectedCall;
        ack.room = accept ? room : null;
        // Both may now join the call's own video room (and rejoin it after a reload).
        if (accept) await this.deps.callRooms.admit(room, [sender.id, me.sub], at);
        reply = {
          type: accept ? 'accept-call' : 'reject-call',
          text: accept
            ? SocialText.acceptedCall(me.username)
            : SocialText.rejectedCall(me.username),
          room: ack.room,
          user_action_type: null,
          position: null,
        };
        await this.deps.repo.settle(me.sub, sender.id, 'call', status, at);
        await this.notify(sender.id, self, reply.type, { requestBy: sender, status });
        break;
      }
      case 'invite': {
        ack.message = accept ? SocialText.youAcceptedInvitation : SocialText.youRejectedInvitation;
        ack.room = accept ? message.channel : null;
        if (accept && message.channel && isCallChannel(message.channel)) {
          await this.deps.callRooms.admit(message.channel, [me.sub], at);
        }
        reply = {
          type: accept ? 'accept-invitation' : 'reject-invitation',
          text: accept
            ? SocialText.acceptedInvitation(me.username)
            : SocialText.rejectedInvitation(me.username),
          room: ack.room,
          user_action_type: null,
          position: null,
        };
        break;
      }
      case 'request-action': {
        const action = message.userActionType ?? '';
        ack.message = accept ? SocialText.youAcceptedAction : SocialText.youRejectedAction;
        ack.host = accept ? 'user_action_yes' : 'user_action_no';
        ack.user_action_type = action;
        // SPEC §4: the host page's coordinates, `'0'` each when it did not answer in 5 s.
        ack.position = accept ? (position ?? { x: 0, y: 0, z: 0 }) : null;
        reply = {
          type: accept ? 'accept-request-action' : 'reject-request-action',
          text: accept
            ? SocialText.acceptedAction(me.username, action)
            : SocialText.rejectedAction(me.username, action),
          room: null,
          user_action_type: action,
          position: ack.position,
        };
        await this.deps.repo.settle(me.sub, sender.id, 'request-action', status, at);
        await this.notify(sender.id, self, reply.type, { requestBy: sender, status, action });
        break;
      }
      default:
        // A ping needs no answer: taking it frees the slot.
        break;
    }
    if (reply)
      this.emit(sender.id, 'social:reply', { ...reply, from: me.username, from_id: me.sub });
    return ack;
  }

  // --- Notifications.

  async notifications(claims: AuthClaims | null) {
    const me = requireAccountHolder(claims);
    const rows = await this.deps.repo.notificationsOf(me.sub, SocialConstants.notificationsPageMax);
    const data = rows.map(toNotification);
    return {
      data,
      unread: await this.deps.repo.unread(me.sub),
      latest: data[0]?.text ?? null,
      ...(data.length ? {} : { message: SocialText.noNotifications }),
    };
  }

  async readNotifications(claims: AuthClaims | null): Promise<void> {
    const me = requireAccountHolder(claims);
    await this.deps.repo.markRead(me.sub);
  }

  // --- Blocks.

  async blocks(claims: AuthClaims | null) {
    const me = requireAccountHolder(claims);
    return (await this.deps.repo.blocked(me.sub)).map((u) => ({
      user_id: u.id,
      username: u.username,
    }));
  }

  async block(claims: AuthClaims | null, username: string): Promise<void> {
    const me = requireAccountHolder(claims);
    const target = await this.target(me, username, SocialText.blockSelf);
    if (!target) throw notFound(SocialText.unknownUser);
    await this.deps.repo.block(me.sub, target.id);
  }

  async unblock(claims: AuthClaims | null, userId: string): Promise<void> {
    const me = requireAccountHolder(claims);
    await this.deps.repo.unblock(me.sub, userId);
  }
}
