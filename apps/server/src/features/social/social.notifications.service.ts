import { notificationText, SocialConstants, SocialText } from '@atrium/protocol';
import type { MessageType, Notification } from '@atrium/protocol';
import type { NotificationRow } from '../../db/schema.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import { iso } from './social.context.ts';
import type { SocialContext } from './social.context.ts';
import type { NotificationDraft, SocialUser } from './social.repository.ts';

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

/** What a notification says besides its recipient, sender and type. */
export interface NotificationExtra {
  action?: string | null;
  /** Who made the original request (the sender itself unless this answers one). */
  requestBy?: SocialUser;
  status?: number;
}

/**
 * Notifications: made for friend requests, calls and action requests and for their answers;
 * `social:notification` carries each new one with the unread count.
 */
export class SocialNotifications {
  constructor(private readonly ctx: SocialContext) {}

  /** The notification `to` gets from `from`, as it is stored. */
  draft(
    to: string,
    from: SocialUser,
    type: MessageType,
    extra: NotificationExtra = {},
    at = this.ctx.now(),
  ): NotificationDraft {
    return {
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
    };
  }

  /** Stores a notification for `to` and tells its sockets. */
  async notify(
    to: string,
    from: SocialUser,
    type: MessageType,
    extra: NotificationExtra = {},
  ): Promise<void> {
    const { repo } = this.ctx.deps;
    const row = await repo.notify(this.draft(to, from, type, extra));
    this.tell(row, await repo.unread(to));
  }

  /** Tells the recipient's sockets of a stored notification, with their unread count. */
  tell(row: NotificationRow, unread: number): void {
    this.ctx.emit(row.userId, 'social:notification', { notification: toNotification(row), unread });
  }

  async list(claims: AuthClaims | null) {
    const me = requireAccountHolder(claims);
    const { repo } = this.ctx.deps;
    const rows = await repo.notificationsOf(me.sub, SocialConstants.notificationsPageMax);
    const data = rows.map(toNotification);
    return {
      data,
      unread: await repo.unread(me.sub),
      latest: data[0]?.text ?? null,
      ...(data.length ? {} : { message: SocialText.noNotifications }),
    };
  }

  async read(claims: AuthClaims | null): Promise<void> {
    const me = requireAccountHolder(claims);
    await this.ctx.deps.repo.markRead(me.sub);
  }
}
