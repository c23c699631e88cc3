import {
  FriendStatus,
  isCallChannel,
  SocialConstants,
  SocialText,
  VideoChannelSchema,
} from '@atrium/protocol';
import type {
  AnswerAck,
  Emote,
  InboxMessage,
  InboxType,
  MessageType,
  Position,
  Reply,
} from '@atrium/protocol';
import type { InboxMessageRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, tooManyRequests } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import type { SocialContext } from './social.context.ts';
import type { SocialNotifications } from './social.notifications.service.ts';
import type { SocialUser } from './social.repository.ts';

/** What a sent message carries besides its sender and recipient. */
export interface Outgoing {
  inbox: InboxType;
  type: MessageType;
  action?: Emote;
  channel?: string;
}

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

/** One answer as the recipient's ack and the sender's reply (none for a ping). */
interface Answered {
  ack: AnswerAck;
  reply: Omit<Reply, 'from' | 'from_id'> | null;
}

/** The answer of one taken message: who answers, who sent it, and when. */
interface Answering {
  self: SocialUser;
  sender: SocialUser;
  message: InboxMessageRow;
  accept: boolean;
  status: number;
  at: Date;
}

const emptyAck = (): AnswerAck => ({
  message: '',
  room: null,
  host: null,
  user_action_type: null,
  position: null,
});

/**
 * The inbox (SPEC §4, §5): calls, invites, action requests and pings, one pending message per
 * recipient and type; the recipient answers it and the sender hears the reply.
 */
export class SocialInbox {
  /** Calls still ringing on this process: each ends as a missed call unless answered first. */
  readonly #ringing = new Set<NodeJS.Timeout>();

  constructor(
    private readonly ctx: SocialContext,
    private readonly notifications: SocialNotifications,
  ) {}

  close(): void {
    for (const timer of this.#ringing) clearTimeout(timer);
    this.#ringing.clear();
  }

  async pending(claims: AuthClaims | null): Promise<InboxMessage[]> {
    const me = requireAccountHolder(claims);
    return (await this.ctx.deps.repo.pending(me.sub, this.ctx.now())).map(toInboxMessage);
  }

  /**
   * SPEC §5: the rules every sent message passes, then one slot per recipient and type. A call
   * is delivered after one Redis read (who of that name is online) and one database statement
   * (the repository's `send`, which stores its notification too): issue 27.
   */
  async send(claims: AuthClaims | null, username: string, out: Outgoing): Promise<string> {
    const me = requireAccountHolder(claims);
    const { repo, presence, limiter, development } = this.ctx.deps;
    if (out.inbox === 'PingUser') {
      if (!development) throw forbidden(SocialText.debugOnly);
    }
    const self = out.inbox === 'CallUser' ? SocialText.callSelf : SocialText.sendToSelf;
    const name = this.ctx.targetName(me, username, self);
    const recipientId = await presence.onlineId(name);
    if (!recipientId) throw conflict(SocialText.notOnline);
    if (recipientId === me.sub) throw badRequest(self);
    if (out.inbox === 'PingUser') {
      const cooldown = SocialConstants.pingCooldownMs;
      const hit = await limiter.hit(`social:ping:${me.sub}`, cooldown, 1);
      if (!hit.allowed) throw tooManyRequests(SocialText.pingCooldown, hit.retryAfterMs);
    }
    if (out.inbox === 'InviteUser') await this.requireInvitable(me.sub, out.channel ?? '');
    const at = this.ctx.now();
    const sender = { id: me.sub, username: me.username };
    // Calls and action requests leave a notification, stored by the same statement.
    const notifies = out.type === 'call' || out.type === 'request-action';
    const action = out.action ?? null;
    const sent = await repo.send(
      {
        recipientId,
        inbox: out.inbox,
        type: out.type,
        fromId: me.sub,
        fromName: me.username,
        userActionType: action,
        channel: out.channel ?? null,
      },
      name,
      at,
      notifies
        ? this.notifications.draft(recipientId, sender, out.type, { action }, at)
        : undefined,
    );
    // A blocker looks offline to the one they blocked: the refusal does not say why.
    if (!sent || sent.blocked) throw conflict(SocialText.notOnline);
    // Invites go to friends only, as the UI offers (issue 27): a hand-driven socket gains nothing.
    if (out.inbox === 'InviteUser' && !sent.isFriend) {
      throw forbidden(SocialText.inviteFriendsOnly);
    }
    if (!sent.row) throw conflict(SocialText.busy);
    this.ctx.emit(recipientId, 'social:message', toInboxMessage(sent.row));
    if (out.type === 'call') this.ringOut(sent.row, sent.recipient);
    if (sent.notification) this.notifications.tell(sent.notification.row, sent.notification.unread);
    return SocialText.sent;
  }

  /**
   * A call rings for CALL_RING_SECONDS (issue 27). Then, if that very call is still waiting (not
   * answered, cancelled or replaced), it is taken: the callee's popup closes in every tab and she
   * has a missed-call notification; the caller hears `{name} did not answer.`. The timer lives on
   * the process that rang; should that process die, the call still stops ringing (`pending` and
   * `take` drop a call older than its ring), only the two messages are lost.
   */
  private ringOut(call: InboxMessageRow, callee: SocialUser): void {
    const ringMs = this.ctx.deps.callRingMs ?? SocialConstants.callRingMs;
    const timer = setTimeout(() => {
      this.#ringing.delete(timer);
      void this.rangOut(call, callee).catch(() => undefined);
    }, ringMs);
    timer.unref();
    this.#ringing.add(timer);
  }

  private async rangOut(call: InboxMessageRow, callee: SocialUser): Promise<void> {
    const caller = { id: call.fromId, username: call.fromName };
    const taken = await this.ctx.deps.repo.takeExact(
      callee.id,
      'CallUser',
      caller.id,
      call.createdAt,
    );
    if (!taken) return;
    this.ctx.emit(callee.id, 'social:cleared', { inbox: 'CallUser' });
    this.ctx.emit(caller.id, 'social:reply', {
      type: 'reject-call',
      from: callee.username,
      from_id: callee.id,
      text: SocialText.didNotAnswer(callee.username),
      room: null,
      user_action_type: null,
      position: null,
    });
    await this.notifications.notify(callee.id, caller, 'missed-call');
  }

  /** The caller hangs up while it rings: the callee's popup closes and she has a missed call. */
  async cancelCall(claims: AuthClaims | null, username: string): Promise<string> {
    const me = requireAccountHolder(claims);
    const callee = await this.ctx.target(me, username, SocialText.callSelf);
    const taken = callee ? await this.ctx.deps.repo.takeExact(callee.id, 'CallUser', me.sub) : null;
    if (!callee || !taken) throw conflict(SocialText.noCallToCancel);
    this.ctx.emit(callee.id, 'social:cleared', { inbox: 'CallUser' });
    await this.notifications.notify(
      callee.id,
      { id: me.sub, username: me.username },
      'missed-call',
    );
    return SocialText.callCancelled(callee.username);
  }

  /**
   * An invite names a video room its sender may be in: a classroom (the classroom decides by
   * role at join), or a call's room the sender was admitted to.
   */
  private async requireInvitable(senderId: string, channel: string): Promise<void> {
    if (!VideoChannelSchema.safeParse(channel).success) {
      throw badRequest(SocialText.inviteUnknownRoom);
    }
    if (isCallChannel(channel) && !(await this.ctx.deps.callRooms.isAdmitted(channel, senderId))) {
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
    const at = this.ctx.now();
    const message = await this.ctx.deps.repo.take(me.sub, inbox, at);
    if (!message) throw badRequest(SocialText.nothingPending);
    // The popup closes in the user's other tabs too.
    this.ctx.emit(me.sub, 'social:cleared', { inbox });
    const answering: Answering = {
      self: { id: me.sub, username: me.username },
      sender: { id: message.fromId, username: message.fromName },
      message,
      accept,
      status: accept ? FriendStatus.accepted : FriendStatus.rejected,
      at,
    };
    const { ack, reply } = await this.answered(answering, position);
    if (reply) {
      this.ctx.emit(answering.sender.id, 'social:reply', {
        ...reply,
        from: me.username,
        from_id: me.sub,
      });
    }
    return ack;
  }

  private answered(answering: Answering, position: Position | undefined): Promise<Answered> {
    switch (answering.message.type) {
      case 'call':
        return this.answerCall(answering);
      case 'invite':
        return this.answerInvite(answering);
      case 'request-action':
        return this.answerAction(answering, position);
      default:
        // A ping needs no answer: taking it frees the slot.
        return Promise.resolve({ ack: emptyAck(), reply: null });
    }
  }

  /** A call: both may join the call's own room (and rejoin it after a reload). */
  private async answerCall({ self, sender, message, accept, status, at }: Answering) {
    // SPEC §4: the caller's id, or `callerId_accepterId` for a friend call.
    const room = message.isFriend ? `${message.fromId}_${self.id}` : message.fromId;
    const ack: AnswerAck = {
      ...emptyAck(),
      message: accept ? SocialText.youAcceptedCall : SocialText.youRejectedCall,
      room: accept ? room : null,
    };
    if (accept) await this.ctx.deps.callRooms.admit(room, [sender.id, self.id], at);
    const reply = {
      type: accept ? ('accept-call' as const) : ('reject-call' as const),
      text: accept
        ? SocialText.acceptedCall(self.username)
        : SocialText.rejectedCall(self.username),
      room: ack.room,
      user_action_type: null,
      position: null,
    };
    await this.ctx.deps.repo.settle(self.id, sender.id, 'call', status, at);
    await this.notifications.notify(sender.id, self, reply.type, { requestBy: sender, status });
    return { ack, reply };
  }

  /** An invite: the invitee may join the named room (a call's room admits them). */
  private async answerInvite({ self, message, accept, at }: Answering): Promise<Answered> {
    const ack: AnswerAck = {
      ...emptyAck(),
      message: accept ? SocialText.youAcceptedInvitation : SocialText.youRejectedInvitation,
      room: accept ? message.channel : null,
    };
    if (accept && message.channel && isCallChannel(message.channel)) {
      await this.ctx.deps.callRooms.admit(message.channel, [self.id], at);
    }
    const reply = {
      type: accept ? ('accept-invitation' as const) : ('reject-invitation' as const),
      text: accept
        ? SocialText.acceptedInvitation(self.username)
        : SocialText.rejectedInvitation(self.username),
      room: ack.room,
      user_action_type: null,
      position: null,
    };
    return { ack, reply };
  }

  /** An action request: the host page plays the emote at the position it reported. */
  private async answerAction(
    { self, sender, message, accept, status, at }: Answering,
    position: Position | undefined,
  ): Promise<Answered> {
    const action = message.userActionType ?? '';
    const ack: AnswerAck = {
      ...emptyAck(),
      message: accept ? SocialText.youAcceptedAction : SocialText.youRejectedAction,
      host: accept ? 'user_action_yes' : 'user_action_no',
      user_action_type: action,
      // SPEC §4: the host page's coordinates, `'0'` each when it did not answer in 5 s.
      position: accept ? (position ?? { x: 0, y: 0, z: 0 }) : null,
    };
    const reply = {
      type: accept ? ('accept-request-action' as const) : ('reject-request-action' as const),
      text: accept
        ? SocialText.acceptedAction(self.username, action)
        : SocialText.rejectedAction(self.username, action),
      room: null,
      user_action_type: action,
      position: ack.position,
    };
    await this.ctx.deps.repo.settle(self.id, sender.id, 'request-action', status, at);
    await this.notifications.notify(sender.id, self, reply.type, {
      requestBy: sender,
      status,
      action,
    });
    return { ack, reply };
  }
}
