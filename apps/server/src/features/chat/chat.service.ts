import {
  AdminText,
  adminText,
  CHAT_PAGE_DEFAULT,
  CHAT_RATE_LIMIT,
  CHAT_READ_TOKEN_LIMIT,
  CHAT_READ_TOKEN_WINDOW_MS,
  CHAT_RATE_WINDOW_MS,
  ChatText,
  ClassGroupText,
  ClassLobbyText,
  isGroupChannel,
  untilText,
} from '@atrium/protocol';
import type { ChatMessage } from '@atrium/protocol';
import type { ClassAccess } from '../../calls/class-access.ts';
import type { ChatMessageRow } from '../../db/schema.ts';
import { forbidden, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { AtriumServer } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { ChatReadTokens } from './chat.read-tokens.ts';
import type { ChatRepository } from './chat.repository.ts';

/** The socket.io room a chat's watchers are in, on every process (Redis adapter). */
export const chatRoom = (room: string): string => `chat:${room}`;

/** The limiter key that counts one user's messages, shared by every process. */
const rateKey = (userId: string) => `chat:send:${userId}`;

/**
 * SPEC §5: chat needs a logged-in account. Without a token the spec's own words; a guest is told
 * to register, as everywhere else.
 */
export function requireChatter(claims: AuthClaims | null | undefined): AuthClaims {
  if (!claims) throw unauthorized(ChatText.notLoggedIn);
  if (claims.role === 'guest') throw forbidden(ChatText.registerRequired);
  return claims;
}

/** SPEC §6: teachers and admins moderate the chat. */
function requireHost(claims: AuthClaims | null | undefined): AuthClaims {
  const account = requireChatter(claims);
  if (account.role !== 'admin' && account.role !== 'teacher') {
    throw forbidden(ChatText.hostsOnly);
  }
  return account;
}

export const toChatMessage = (row: ChatMessageRow): ChatMessage => ({
  id: row.id,
  room: row.room,
  username: row.username,
  message: row.message,
  created_at: row.createdAt.toISOString(),
});

export interface ChatServiceDeps {
  repo: ChatRepository;
  limiter: RateLimiter;
  readTokens: ChatReadTokens;
  /** The socket server once built; messages are stored even when it is not there yet. */
  io: () => AtriumServer | null;
  /** A class with "ask to join" has its chat for those let in (issue 28). */
  classAccess: ClassAccess;
  /** Issue 29: an admin's chat mute, until when. */
  mutedUntil?: (userId: string) => Promise<Date | undefined>;
}

/**
 * Chat messages and room data. Every message is stored as typed (plain text, trimmed by the
 * schema) and rendered as text by the client: nothing is escaped or interpreted here.
 */
export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {}

  /** A waiting (or removed) student reads and writes nothing of a class with "ask to join". */
  private async requireInside(claims: AuthClaims, room: string): Promise<void> {
    if (!(await this.deps.classAccess.mayEnter(claims, room))) {
      // A breakout group's chat is its members' (issue 28 §4); a class's, those let in.
      throw forbidden(isGroupChannel(room) ? ClassGroupText.notYourGroup : ClassLobbyText.waiting);
    }
  }

  async add(claims: AuthClaims | null, room: string, message: string): Promise<ChatMessage> {
    const account = requireChatter(claims);
    await this.requireInside(account, room);
    const muted = await this.deps.mutedUntil?.(account.sub);
    if (muted) throw forbidden(adminText(AdminText.youAreMuted, { until: untilText(muted) }));
    const hit = await this.deps.limiter.hit(
      rateKey(account.sub),
      CHAT_RATE_WINDOW_MS,
      CHAT_RATE_LIMIT,
    );
    if (!hit.allowed) throw tooManyRequests(ChatText.tooFast, hit.retryAfterMs);
    const row = await this.deps.repo.insert({
      room,
      userId: account.sub,
      username: account.username,
      message,
    });
    const sent = toChatMessage(row);
    this.deps.io()?.to(chatRoom(room)).emit('chat:message', sent);
    return sent;
  }

  /** One page, oldest first: the newest messages, or those before the id `before`. */
  async list(
    claims: AuthClaims | null,
    room: string,
    before?: number,
    limit = CHAT_PAGE_DEFAULT,
  ): Promise<ChatMessage[]> {
    await this.requireInside(requireChatter(claims), room);
    const rows = await this.deps.repo.page(room, limit, before);
    return rows.reverse().map(toChatMessage);
  }

  /**
   * SPEC §7's no-auth row: a read token for one classroom, whoever asks; counted per address, as
   * anyone may ask.
   */
  async readToken(address: string, channel: string, uid: string): Promise<string> {
    const hit = await this.deps.limiter.hit(
      `chat:read-token:${address}`,
      CHAT_READ_TOKEN_WINDOW_MS,
      CHAT_READ_TOKEN_LIMIT,
    );
    if (!hit.allowed) throw tooManyRequests(ChatText.tooManyTokens, hit.retryAfterMs);
    await this.requireOpenToAll(channel);
    return this.deps.readTokens.sign(channel, uid);
  }

  /**
   * Whether this socket may read `room`: with a read token for it, or as a chatter. A read token
   * only ever opens reading; posting stays `add`, which takes access tokens alone.
   */
  async mayRead(claims: AuthClaims | null, room: string, token?: string): Promise<void> {
    // SPEC §7's read tokens are given to whoever asks; they open reading for their room alone.
    if (token === undefined) await this.requireInside(requireChatter(claims), room);
    else {
      await this.deps.readTokens.verify(token, room);
      // The teacher may have closed the door since the token was given.
      await this.requireOpenToAll(room);
    }
  }

  /** A class with "ask to join" gives no read tokens and honours none. */
  private async requireOpenToAll(room: string): Promise<void> {
    if (!(await this.deps.classAccess.openToAll(room))) {
      throw forbidden(ChatText.readTokenClassAsks);
    }
  }

  /**
   * The door of `room` closed: the sockets that watch its chat (on every process) and may no
   * longer look stop hearing it: read tokens, and students the teacher did not let in.
   */
  async dropOutsiders(room: string): Promise<void> {
    const io = this.deps.io();
    if (!io) return;
    for (const s of await io.in(chatRoom(room)).fetchSockets()) {
      if (!(await this.deps.classAccess.mayEnter(s.data.auth, room))) s.leave(chatRoom(room));
    }
  }

  /** {@link list} for a socket, which may hold a read token instead of an account. */
  async history(
    claims: AuthClaims | null,
    room: string,
    token?: string,
    before?: number,
    limit = CHAT_PAGE_DEFAULT,
  ): Promise<ChatMessage[]> {
    await this.mayRead(claims, room, token);
    const rows = await this.deps.repo.page(room, limit, before);
    return rows.reverse().map(toChatMessage);
  }

  async remove(claims: AuthClaims | null, id: number): Promise<void> {
    requireHost(claims);
    const room = await this.deps.repo.remove(id);
    if (room === undefined) throw notFound(ChatText.unknownMessage);
    this.deps.io()?.to(chatRoom(room)).emit('chat:deleted', { room, id });
  }

  async clear(claims: AuthClaims | null, room: string): Promise<void> {
    requireHost(claims);
    await this.deps.repo.clear(room);
    this.deps.io()?.to(chatRoom(room)).emit('chat:cleared', { room });
  }

  async data(
    claims: AuthClaims | null,
    room: string,
    key: string,
  ): Promise<{ key: string; value: string } | null> {
    requireChatter(claims);
    const value = await this.deps.repo.data(room, key);
    return value === undefined ? null : { key, value };
  }

  async setData(claims: AuthClaims | null, room: string, key: string, value: string) {
    requireChatter(claims);
    await this.deps.repo.setData(room, key, value);
  }
}
