import { z } from 'zod';
import { AuthText } from './auth.ts';
import { okEnvelope, okWith } from './envelope.ts';
import { lineText } from './text.ts';
import { EmoteSchema } from './world.ts';

/** SPEC §9 social constants. */
export const SocialConstants = {
  /** An inbox message older than this is gone (SPEC §4, §9: 1 hour). */
  inboxExpiryMs: 60 * 60 * 1000,
  /**
   * A call rings this long, then it is a missed call (issue 27: a call that rang for the whole
   * hour rang again on a return, and made the callee busy for everyone else meanwhile).
   */
  callRingMs: 30_000,
  /** The host page's answer to `request_position` is awaited this long (SPEC §9). */
  positionRequestTimeoutMs: 5000,
  /** One debug ping per sender in this window (SPEC §9). */
  pingCooldownMs: 10_000,
  /**
   * A presence entry lives this long without a heartbeat, so the sockets of a process that died
   * (kill -9) stop counting as online within 45 s; socket.io's own ping (25 s + 20 s) notices a
   * silent client within the same 45 s.
   */
  presenceTtlMs: 45_000,
  presenceHeartbeatMs: 15_000,
  /** The online list answers at most this many people per page. */
  onlinePageMax: 100,
  /** The notifications list answers the newest this many. */
  notificationsPageMax: 100,
} as const;

/** SPEC §3/§9 friend statuses, on both users' records. */
export const FriendStatus = { pending: 0, accepted: 1, rejected: 2 } as const;
export type FriendStatusValue = (typeof FriendStatus)[keyof typeof FriendStatus];

/** SPEC §3 inbox types: one pending message per recipient and per type. */
export const INBOX_TYPES = ['PingUser', 'CallUser', 'RequestUser', 'InviteUser'] as const;
export const InboxTypeSchema = z.enum(INBOX_TYPES);
export type InboxType = z.infer<typeof InboxTypeSchema>;

/** SPEC §3 message payload types. */
export const MESSAGE_TYPES = [
  'ping',
  'call',
  // Ours: a call nobody answered within SocialConstants.callRingMs (a notification only).
  'missed-call',
  'accept-call',
  'reject-call',
  'request-action',
  'accept-request-action',
  'reject-request-action',
  'friend-request',
  'accept-request',
  'reject-request',
  'invite',
  'accept-invitation',
  'reject-invitation',
] as const;
export const MessageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageTypeSchema>;

/** The social layer's texts: SPEC §2, §5 and §8 letter for letter, then our own. */
export const SocialText = {
  // SPEC §5 rules.
  usernameEmpty: 'Username can not be empty.',
  sendToSelf: 'You can not send to yourself.',
  callSelf: "You can't call yourself",
  notOnline: 'User not online right now.',
  busy: 'User is busy',
  sent: 'Data sent to user',
  friendFailed: 'User failed to added as a friend. Maybe the user already on your friendlist.',
  // SPEC §2 panels.
  noFriends: "You don't have any friends.",
  noNotifications: "You don't have any notifications.",
  deleteConfirm: "Are you sure? Do you want to delete this friend? This process can't be undone.",
  actionPopup: 'This user wants to action with you',
  registerRequired: AuthText.registerRequired,
  // SPEC §8 toasts.
  removedFriend: (name: string) => `${name} successfully removed as friend`,
  requestedFriend: (name: string) => `Requested ${name} as a friend`,
  initiatedCall: (name: string) => `Initiated call to ${name}`,
  initiatedAction: (user: string) => `Initiated request action to ${user}`,
  youAcceptedCall: 'You accepted the call',
  youRejectedCall: 'You rejected the call',
  youAcceptedAction: 'You accepted the request action',
  youRejectedAction: 'You rejected the request action',
  acceptedCall: (name: string) => `${name} accepted your call.`,
  rejectedCall: (name: string) => `${name} rejected your call.`,
  acceptedInvitation: (name: string) => `${name} accepted your invitation.`,
  rejectedInvitation: (name: string) => `${name} rejected your invitation.`,
  acceptedAction: (name: string, action: string) =>
    `${name} accepted your request action to ${action}.`,
  rejectedAction: (name: string, action: string) =>
    `${name} rejected your request action to ${action}.`,
  // Our own: answers and refusals the spec does not word.
  friendAccepted: (name: string) => `${name} is now your friend`,
  friendRejected: (name: string) => `You rejected the friend request of ${name}`,
  youAcceptedInvitation: 'You accepted the invitation',
  youRejectedInvitation: 'You rejected the invitation',
  noRequest: 'There is no friend request from this user.',
  notFriend: 'This user is not on your friend list.',
  nothingPending: 'There is nothing to answer.',
  unknownUser: 'This user does not exist.',
  blockSelf: 'You can not block yourself.',
  debugOnly: 'This debug tool is only available in development mode.',
  pingCooldown: 'Wait 10 seconds between pings.',
  inviteUnknownRoom: 'There is no such video room to invite to.',
  inviteNotInCall: 'Join the call before you invite someone to it.',
  inviteFriendsOnly: 'You can only invite your friends.',
  /** To the caller when a call rang out (issue 27). */
  didNotAnswer: (name: string) => `${name} did not answer.`,
  /** The callee's notification of a call that rang out. */
  missedCall: (name: string) => `Missed call from ${name}`,
  /** To the caller who cancels a call that has stopped ringing (answered or rung out). */
  noCallToCancel: 'That call is no longer ringing.',
  callCancelled: (name: string) => `You cancelled the call to ${name}.`,
} as const;

/**
 * SPEC §8 notification texts ("calling you, wants to do action with you, wants to add you as a
 * friend, accepted/rejected friend request, accepted/rejected action request, accepted/rejected
 * calling"), one per stored notification type.
 */
export function notificationText(type: MessageType, name: string, action?: string | null): string {
  switch (type) {
    case 'call':
      return `${name} is calling you`;
    case 'missed-call':
      return SocialText.missedCall(name);
    case 'request-action':
      return `${name} wants to do ${action ?? 'action'} with you`;
    case 'friend-request':
      return `${name} wants to add you as a friend`;
    case 'accept-request':
      return `${name} accepted your friend request`;
    case 'reject-request':
      return `${name} rejected your friend request`;
    case 'accept-request-action':
      return `${name} accepted your action request`;
    case 'reject-request-action':
      return `${name} rejected your action request`;
    case 'accept-call':
      return `${name} accepted your calling`;
    case 'reject-call':
      return `${name} rejected your calling`;
    case 'invite':
      return `${name} invited you to a call`;
    case 'accept-invitation':
      return SocialText.acceptedInvitation(name);
    case 'reject-invitation':
      return SocialText.rejectedInvitation(name);
    case 'ping':
      return `${name} pinged you`;
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}

/**
 * A username as typed into a prompt. Empty is allowed by the schema so the server answers the
 * spec's own `Username can not be empty.` rather than a generic refusal.
 */
export const TargetUsernameSchema = lineText().max(254);
const UserIdSchema = z.uuid();

/** A video room to join: the caller's id or `callerId_accepterId`, or an invite's channel. */
export const ChannelSchema = lineText().trim().min(1).max(128);

/** SPEC §4: the host page's coordinates, strings or numbers, `'0'` when it did not answer. */
const Coordinate = z.union([z.number().finite(), z.string().trim().max(32)]).transform((v) => {
  const n = typeof v === 'number' ? v : Number(v === '' ? '0' : v);
  return Number.isFinite(n) ? n : 0;
});
export const PositionSchema = z.strictObject({ x: Coordinate, y: Coordinate, z: Coordinate });
export type Position = z.infer<typeof PositionSchema>;

// --- HTTP: friends, online list, notifications, blocks.

export const FriendTargetSchema = z.strictObject({ username: TargetUsernameSchema });
export const FriendIdSchema = z.strictObject({ user_id: UserIdSchema });
export const SocialUserParamsSchema = z.strictObject({ userId: UserIdSchema });

/** SPEC §3 `UserFriends/{userId}/{friendId}`, plus whether the friend is online now. */
export const FriendSchema = z
  .object({
    user_id: z.string(),
    userName: z.string(),
    status: z.number().int(),
    requestedOn: z.string().nullable(),
    approvedOn: z.string().nullable(),
    rejectedOn: z.string().nullable(),
    /** Whether the other user sent the request (so this user may accept or reject it). */
    incoming: z.boolean(),
    online: z.boolean(),
  })
  .meta({ id: 'Friend' });
export type Friend = z.infer<typeof FriendSchema>;

/** `{status, data}`; `message` is `You don't have any friends.` when the list is empty. */
export const FriendListSchema = okWith({
  data: z.array(FriendSchema),
  message: z.string().optional(),
});
export const SocialMessageSchema = okWith({ message: z.string() });

export const OnlineQuerySchema = z.strictObject({
  search: lineText().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(SocialConstants.onlinePageMax).optional(),
});
export const OnlineUserSchema = z.object({ user_id: z.string(), username: z.string() });
export const OnlineListSchema = okEnvelope(
  z.object({ total: z.number().int(), users: z.array(OnlineUserSchema) }),
);

/** SPEC §3 `UsersNotification/{userId}/{pushKey}`, with its text. */
export const NotificationSchema = z
  .object({
    id: z.number().int(),
    type: MessageTypeSchema,
    sendBy: z.string(),
    sendByUserName: z.string(),
    requestBy: z.string(),
    requestByUserName: z.string(),
    userAction: z.string().nullable(),
    requestedOn: z.string().nullable(),
    approvedOn: z.string().nullable(),
    rejectedOn: z.string().nullable(),
    status: z.number().int(),
    isRead: z.boolean(),
    timestamp: z.string(),
    text: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

/** Newest first; `latest` is `UsersNotificationLatest`, `message` the empty-list text. */
export const NotificationListSchema = okWith({
  data: z.array(NotificationSchema),
  unread: z.number().int(),
  latest: z.string().nullable(),
  message: z.string().optional(),
});
export const SocialOkSchema = z.object({ status: z.literal(true) });

export const BlockedUserSchema = z.object({ user_id: z.string(), username: z.string() });
export const BlockListSchema = okEnvelope(z.array(BlockedUserSchema));

// --- Socket: the inbox (calls, invites, action requests, pings) and live updates.

/** SPEC §3 inbox message, as the recipient gets it. */
export const InboxMessageSchema = z.object({
  inbox: InboxTypeSchema,
  type: MessageTypeSchema,
  from: z.string(),
  from_id: z.string(),
  timestamp: z.number().int(),
  isFriend: z.boolean(),
  userAccepted: z.boolean().nullable(),
  user_action_type: z.string().nullable(),
  channel: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const CallSchema = z.strictObject({ username: TargetUsernameSchema });
export const InviteSchema = z.strictObject({
  username: TargetUsernameSchema,
  channel: ChannelSchema,
});
export const RequestActionSchema = z.strictObject({
  username: TargetUsernameSchema,
  action: EmoteSchema,
});
export const PingSchema = z.strictObject({ username: TargetUsernameSchema });
/** The ack of a sent message: `Data sent to user`. */
export const SentAckSchema = z.object({ message: z.string() });

/** The recipient's answer to its pending message of one inbox type. */
export const AnswerSchema = z.strictObject({
  inbox: InboxTypeSchema,
  accept: z.boolean(),
  /** Action requests: where the host page says this avatar stands. */
  position: PositionSchema.optional(),
});
/** The answer's ack: the toast text and, on an accepted call or invite, the room to join. */
export const AnswerAckSchema = z.object({
  message: z.string(),
  room: z.string().nullable(),
  /** SPEC §4: `user_action_yes`/`user_action_no` for action requests, null otherwise. */
  host: z.enum(['user_action_yes', 'user_action_no']).nullable(),
  user_action_type: z.string().nullable(),
  position: z.object({ x: z.number(), y: z.number(), z: z.number() }).nullable(),
});
export type AnswerAck = z.infer<typeof AnswerAckSchema>;

/** What the sender hears when the recipient answers. */
export const ReplySchema = z.object({
  type: MessageTypeSchema,
  from: z.string(),
  from_id: z.string(),
  /** The toast: `{name} accepted your call.` and the like. */
  text: z.string(),
  room: z.string().nullable(),
  user_action_type: z.string().nullable(),
  position: z.object({ x: z.number(), y: z.number(), z: z.number() }).nullable(),
});
export type Reply = z.infer<typeof ReplySchema>;

export const InboxClearedSchema = z.object({ inbox: InboxTypeSchema });
export const NotificationEventSchema = z.object({
  notification: NotificationSchema,
  unread: z.number().int(),
});
export const PresenceEventSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  online: z.boolean(),
});
/** A friendship changed: the other's record as it now stands, or null once removed. */
export const FriendEventSchema = z.object({
  user_id: z.string(),
  friend: FriendSchema.nullable(),
});
