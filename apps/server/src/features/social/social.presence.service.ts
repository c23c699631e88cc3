import type { InboxMessage } from '@atrium/protocol';
import { userRoom } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import type { SocialContext } from './social.context.ts';
import { toInboxMessage } from './social.inbox.service.ts';
import type { PresentUser } from './social.presence.ts';

const presentUser = (claims: AuthClaims): PresentUser => ({
  id: claims.sub,
  username: claims.username,
});

/**
 * The socket.io room of the sockets whose Online tab is open (issue 27): they hear everyone's
 * presence, on every process, while the rest of a campus of hundreds hears only its friends'.
 */
export const ONLINE_WATCHERS_ROOM = 'social:online';

/**
 * Presence: online from a member's first socket on any process until the last closes (the
 * store decides, in Redis or in this process); friends and the Online tab's watchers hear
 * `social:presence` on both edges.
 */
export class SocialPresence {
  /** Each member's announcements in this process, one after the other (see `announce`). */
  private readonly announcing = new Map<string, Promise<void>>();

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

  /** Whether this caller may watch the Online tab live: what may read it may watch it. */
  mayWatchOnline(claims: AuthClaims | null): void {
    requireAccountHolder(claims);
  }

  /** A socket of a signed-in account opened: presence, last seen, and the waiting inbox. */
  async connected(claims: AuthClaims, socketId: string): Promise<InboxMessage[]> {
    const { repo, presence } = this.ctx.deps;
    const at = this.ctx.now();
    if (await presence.connect(presentUser(claims), socketId)) {
      await repo.touchLastSeen(claims.sub, at);
      await this.announce(claims);
    }
    return (await repo.pending(claims.sub, at)).map(toInboxMessage);
  }

  async disconnected(claims: AuthClaims, socketId: string): Promise<void> {
    const { repo, presence } = this.ctx.deps;
    if (await presence.disconnect(presentUser(claims), socketId)) {
      await repo.touchLastSeen(claims.sub, this.ctx.now());
      await this.announce(claims);
    }
  }

  /**
   * Tells friends and watchers that a member came or went, saying what is true when it is sent,
   * not which edge started it. A reload closes the old socket and opens a new one: the "went"
   * and "came" announcements each read the friends first, and on a loaded machine the "went"
   * one could be sent last, leaving friends seeing someone offline who is there (seen in a CI
   * run's social e2e). Announcements of one member run in turn in this process, each reading the
   * presence store right before it sends, so the last one sent is the truth.
   */
  private announce(claims: AuthClaims): Promise<void> {
    const id = claims.sub;
    const next = (this.announcing.get(id) ?? Promise.resolve())
      .then(() => this.send(claims))
      .finally(() => {
        if (this.announcing.get(id) === next) this.announcing.delete(id);
      });
    this.announcing.set(id, next);
    return next;
  }

  private async send(claims: AuthClaims): Promise<void> {
    if (!this.ctx.deps.io()) return;
    const friends = await this.ctx.deps.repo.friendIds(claims.sub);
    const online = await this.ctx.deps.presence.isOnline(claims.sub);
    // Asked again after the reads: a server that started closing meanwhile sends nothing.
    const io = this.ctx.deps.io();
    if (!io) return;
    // One emit: a friend who watches the Online tab hears it once.
    io.to([ONLINE_WATCHERS_ROOM, ...friends.map(userRoom)]).emit('social:presence', {
      user_id: claims.sub,
      username: claims.username,
      online,
    });
  }
}
