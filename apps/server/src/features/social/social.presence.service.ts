import type { InboxMessage } from '@atrium/protocol';
import { userRoom } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import type { SocialContext } from './social.context.ts';
import { toInboxMessage } from './social.inbox.service.ts';

/**
 * Presence: online from a member's first socket on any process until the last closes (the
 * store decides, in Redis or in this process); friends hear `social:presence` on both edges.
 */
export class SocialPresence {
  constructor(private readonly ctx: SocialContext) {}

  /** Who is online now, by name (`search`), at most `limit` of them. */
  async online(claims: AuthClaims | null, search: string | undefined, limit: number) {
    requireAccountHolder(claims);
    const { repo, presence } = this.ctx.deps;
    const ids = await presence.online();
    const found = await repo.usersAmong(ids, search || undefined, limit);
    return {
      total: found.total,
      users: found.users.map((u) => ({ user_id: u.id, username: u.username })),
    };
  }

  /** A socket of a signed-in account opened: presence, last seen, and the waiting inbox. */
  async connected(claims: AuthClaims, socketId: string): Promise<InboxMessage[]> {
    const { repo, presence } = this.ctx.deps;
    const at = this.ctx.now();
    if (await presence.connect(claims.sub, socketId)) {
      await repo.touchLastSeen(claims.sub, at);
      await this.announce(claims, true);
    }
    return (await repo.pending(claims.sub, at)).map(toInboxMessage);
  }

  async disconnected(claims: AuthClaims, socketId: string): Promise<void> {
    const { repo, presence } = this.ctx.deps;
    if (await presence.disconnect(claims.sub, socketId)) {
      await repo.touchLastSeen(claims.sub, this.ctx.now());
      await this.announce(claims, false);
    }
  }

  private async announce(claims: AuthClaims, online: boolean): Promise<void> {
    const io = this.ctx.deps.io();
    if (!io) return;
    const friends = await this.ctx.deps.repo.friendIds(claims.sub);
    if (friends.length === 0) return;
    io.to(friends.map(userRoom)).emit('social:presence', {
      user_id: claims.sub,
      username: claims.username,
      online,
    });
  }
}
