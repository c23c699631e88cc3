import { FriendStatus, SocialText } from '@atrium/protocol';
import type { Friend } from '@atrium/protocol';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import { iso } from './social.context.ts';
import type { SocialContext } from './social.context.ts';
import type { SocialNotifications } from './social.notifications.service.ts';
import type { FriendRecord, SocialUser } from './social.repository.ts';

/**
 * Friendships (SPEC §4): request, accept or reject, remove. Both records of a pair change in one
 * transaction (the repository's), and both sides hear `social:friend` with how theirs now stands.
 */
export class SocialFriends {
  constructor(
    private readonly ctx: SocialContext,
    private readonly notifications: SocialNotifications,
  ) {}

  async list(claims: AuthClaims | null): Promise<{ data: Friend[]; message?: string }> {
    const me = requireAccountHolder(claims);
    const { repo, presence } = this.ctx.deps;
    const records = await repo.friends(me.sub);
    const online = new Set(await presence.online());
    const data = await Promise.all(
      records.map((r) => this.view(me.sub, r, online.has(r.friendId))),
    );
    return data.length ? { data } : { data, message: SocialText.noFriends };
  }

  async request(claims: AuthClaims | null, username: string): Promise<string> {
    const me = requireAccountHolder(claims);
    const { repo } = this.ctx.deps;
    const target = await this.ctx.target(me, username, SocialText.sendToSelf);
    if (!target) throw notFound(SocialText.unknownUser);
    // A blocked sender hears the same refusal as for an existing friend: nothing says why.
    if (await repo.isBlocked(target.id, me.sub)) throw conflict(SocialText.friendFailed);
    if (!(await repo.request(me.sub, target.id, this.ctx.now()))) {
      throw conflict(SocialText.friendFailed);
    }
    const self = { id: me.sub, username: me.username };
    await this.notifications.notify(target.id, self, 'friend-request');
    await this.announce(self, target);
    return SocialText.requestedFriend(target.username);
  }

  async answer(claims: AuthClaims | null, userId: string, accept: boolean): Promise<string> {
    const me = requireAccountHolder(claims);
    const { repo } = this.ctx.deps;
    const requester = await repo.userById(userId);
    const at = this.ctx.now();
    if (!requester || !(await repo.answer(me.sub, requester.id, accept, at))) {
      throw badRequest(SocialText.noRequest);
    }
    const self = { id: me.sub, username: me.username };
    const status = accept ? FriendStatus.accepted : FriendStatus.rejected;
    await repo.settle(me.sub, requester.id, 'friend-request', status, at);
    await this.notifications.notify(
      requester.id,
      self,
      accept ? 'accept-request' : 'reject-request',
      { requestBy: requester, status },
    );
    await this.announce(self, requester);
    return accept
      ? SocialText.friendAccepted(requester.username)
      : SocialText.friendRejected(requester.username);
  }

  async remove(claims: AuthClaims | null, userId: string): Promise<string> {
    const me = requireAccountHolder(claims);
    const { repo } = this.ctx.deps;
    const other = await repo.userById(userId);
    if (!other || !(await repo.remove(me.sub, other.id))) {
      throw badRequest(SocialText.notFriend);
    }
    await this.announce({ id: me.sub, username: me.username }, other);
    return SocialText.removedFriend(other.username);
  }

  private async view(me: string, record: FriendRecord, online?: boolean): Promise<Friend> {
    return {
      user_id: record.friendId,
      userName: record.username,
      status: record.status,
      requestedOn: iso(record.requestedOn),
      approvedOn: iso(record.approvedOn),
      rejectedOn: iso(record.rejectedOn),
      incoming: record.requestedBy !== me,
      online: online ?? (await this.ctx.deps.presence.isOnline(record.friendId)),
    };
  }

  /** Tells both sides how their records now stand (null once removed). */
  private async announce(a: SocialUser, b: SocialUser): Promise<void> {
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const row = await this.ctx.deps.repo.friendship(me.id, other.id);
      const friend = row ? await this.view(me.id, { ...row, username: other.username }) : null;
      this.ctx.emit(me.id, 'social:friend', { user_id: other.id, friend });
    }
  }
}
