import type { AnswerAck, Friend, InboxMessage, InboxType, Position } from '@atrium/protocol';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { SocialBlocks } from './social.blocks.service.ts';
import { SocialContext } from './social.context.ts';
import type { SocialServiceDeps } from './social.context.ts';
import { SocialFriends } from './social.friends.service.ts';
import { SocialInbox } from './social.inbox.service.ts';
import type { Outgoing } from './social.inbox.service.ts';
import { SocialNotifications } from './social.notifications.service.ts';
import { SocialPresence } from './social.presence.service.ts';

export type { SocialServiceDeps } from './social.context.ts';

/**
 * The social layer's rules (SPEC §4, §5), one part per idea: friends
 * (`social.friends.service.ts`), the inbox that carries calls, invites, action requests and pings
 * (`social.inbox.service.ts`), presence, notifications and blocks. Guests get none of it. The
 * routes and the socket call this one service; each method hands over to its part.
 */
export class SocialService {
  readonly #friends: SocialFriends;
  readonly #inbox: SocialInbox;
  readonly #presence: SocialPresence;
  readonly #notifications: SocialNotifications;
  readonly #blocks: SocialBlocks;

  constructor(deps: SocialServiceDeps) {
    const ctx = new SocialContext(deps);
    this.#notifications = new SocialNotifications(ctx);
    this.#friends = new SocialFriends(ctx, this.#notifications);
    this.#inbox = new SocialInbox(ctx, this.#notifications);
    this.#presence = new SocialPresence(ctx);
    this.#blocks = new SocialBlocks(ctx);
  }

  // --- Friends.

  friends(claims: AuthClaims | null): Promise<{ data: Friend[]; message?: string }> {
    return this.#friends.list(claims);
  }

  requestFriend(claims: AuthClaims | null, username: string): Promise<string> {
    return this.#friends.request(claims, username);
  }

  answerFriend(claims: AuthClaims | null, userId: string, accept: boolean): Promise<string> {
    return this.#friends.answer(claims, userId, accept);
  }

  removeFriend(claims: AuthClaims | null, userId: string): Promise<string> {
    return this.#friends.remove(claims, userId);
  }

  // --- Presence.

  online(claims: AuthClaims | null, search: string | undefined, limit: number) {
    return this.#presence.online(claims, search, limit);
  }

  mayWatchOnline(claims: AuthClaims | null): void {
    this.#presence.mayWatchOnline(claims);
  }

  /** A socket of a signed-in account opened: presence, last seen, and the waiting inbox. */
  connected(claims: AuthClaims, socketId: string): Promise<InboxMessage[]> {
    return this.#presence.connected(claims, socketId);
  }

  disconnected(claims: AuthClaims, socketId: string): Promise<void> {
    return this.#presence.disconnected(claims, socketId);
  }

  // --- The inbox: calls, invites, action requests, pings.

  pending(claims: AuthClaims | null): Promise<InboxMessage[]> {
    return this.#inbox.pending(claims);
  }

  send(claims: AuthClaims | null, username: string, out: Outgoing): Promise<string> {
    return this.#inbox.send(claims, username, out);
  }

  answer(
    claims: AuthClaims | null,
    inbox: InboxType,
    accept: boolean,
    position?: Position,
  ): Promise<AnswerAck> {
    return this.#inbox.answer(claims, inbox, accept, position);
  }

  cancelCall(claims: AuthClaims | null, username: string): Promise<string> {
    return this.#inbox.cancelCall(claims, username);
  }

  /** Stops the ring-out timers (the server is closing). */
  close(): void {
    this.#inbox.close();
  }

  // --- Notifications.

  notifications(claims: AuthClaims | null) {
    return this.#notifications.list(claims);
  }

  readNotifications(claims: AuthClaims | null): Promise<void> {
    return this.#notifications.read(claims);
  }

  // --- Blocks.

  blocks(claims: AuthClaims | null) {
    return this.#blocks.list(claims);
  }

  block(claims: AuthClaims | null, username: string): Promise<void> {
    return this.#blocks.block(claims, username);
  }

  unblock(claims: AuthClaims | null, userId: string): Promise<void> {
    return this.#blocks.unblock(claims, userId);
  }
}
