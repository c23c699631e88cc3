import { SocialText } from '@atrium/protocol';
import type { ServerEventName, ServerPayload } from '@atrium/protocol';
import type { CallRooms } from '../../calls/call-rooms.ts';
import { badRequest } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { toUser } from '../../realtime/realtime.ts';
import type { AtriumServer } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { PresenceStore } from './social.presence.ts';
import type { SocialRepository, SocialUser } from './social.repository.ts';

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
  /** How long a call rings before it is a missed call (CALL_RING_SECONDS). */
  callRingMs?: number;
  now?: () => Date;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What every part of the social layer shares: its deps, one clock, and a member's sockets. */
export class SocialContext {
  readonly now: () => Date;

  constructor(readonly deps: SocialServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Sends `event` to every socket of `userId`, on every process; nothing before the server exists. */
  emit<E extends ServerEventName>(userId: string, event: E, payload: ServerPayload<E>): void {
    const io = this.deps.io();
    if (!io) return;
    // socket.io's typed emit cannot follow a generic event name; the map checks the call sites.
    (toUser(io, userId).emit as (e: string, p: unknown) => void)(event, payload);
  }

  /** The name a prompt targets: trimmed, non-empty, not the caller's. */
  targetName(me: AuthClaims, username: string, self: string): string {
    const name = username.trim();
    if (!name) throw badRequest(SocialText.usernameEmpty);
    if (name.toLowerCase() === me.username.toLowerCase()) throw badRequest(self);
    return name;
  }

  /** The target of a prompt: trimmed, non-empty, not the caller. */
  async target(me: AuthClaims, username: string, self: string): Promise<SocialUser | null> {
    const name = this.targetName(me, username, self);
    const user = await this.deps.repo.userByName(name);
    if (user?.id === me.sub) throw badRequest(self);
    return user ?? null;
  }
}
