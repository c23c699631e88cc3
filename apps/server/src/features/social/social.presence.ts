import type { RedisClientType } from 'redis';
import { SocialConstants } from '@atrium/protocol';

/** A signed-in user as presence knows them: by id, and by the name their token carries. */
export interface PresentUser {
  id: string;
  username: string;
}

/** The key a name is found by: names are unique without regard to case. */
const nameKey = (username: string): string => username.toLowerCase();

/**
 * Who is online (SPEC §3 `UsersOnline`): a user is online from their first socket until the last
 * one closes, on whichever process the sockets are.
 */
export interface PresenceStore {
  /** Counts a socket; true when it is the user's first (they just came online). */
  connect(user: PresentUser, socketId: string): Promise<boolean>;
  /** Forgets a socket; true when it was the user's last (they just went offline). */
  disconnect(user: PresentUser, socketId: string): Promise<boolean>;
  isOnline(userId: string): Promise<boolean>;
  /**
   * The id of the online user of this name (any case), or null: a call finds its callee here,
   * without a database round trip. The name is the one the user's sockets signed in with.
   */
  onlineId(username: string): Promise<string | null>;
  /** The ids of everyone online now. */
  online(): Promise<string[]>;
  close(): Promise<void>;
}

/** One process's presence, for a server without Redis (a single process by definition). */
export class MemoryPresence implements PresenceStore {
  private readonly sockets = new Map<string, Set<string>>();
  /** Name key → user id, while online. */
  private readonly names = new Map<string, string>();

  connect(user: PresentUser, socketId: string): Promise<boolean> {
    let set = this.sockets.get(user.id);
    if (!set) this.sockets.set(user.id, (set = new Set()));
    set.add(socketId);
    this.names.set(nameKey(user.username), user.id);
    return Promise.resolve(set.size === 1);
  }

  disconnect(user: PresentUser, socketId: string): Promise<boolean> {
    const set = this.sockets.get(user.id);
    if (!set?.delete(socketId)) return Promise.resolve(false);
    if (set.size > 0) return Promise.resolve(false);
    this.sockets.delete(user.id);
    if (this.names.get(nameKey(user.username)) === user.id)
      this.names.delete(nameKey(user.username));
    return Promise.resolve(true);
  }

  isOnline(userId: string): Promise<boolean> {
    return Promise.resolve(this.sockets.has(userId));
  }

  onlineId(username: string): Promise<string | null> {
    const id = this.names.get(nameKey(username));
    return Promise.resolve(id && this.sockets.has(id) ? id : null);
  }

  online(): Promise<string[]> {
    return Promise.resolve([...this.sockets.keys()]);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

// Keys: `{prefix}u:{userId}` is a sorted set of the user's sockets scored by when each entry
// expires; `{prefix}online` scores each online user by their latest socket expiry; the hash
// `{prefix}names` maps a name key to the user id that last came online with it. Every step is
// one script, so a connect on one process and a disconnect on another cannot interleave.
const CONNECT = `
local now, expires = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local before = redis.call('ZCARD', KEYS[1])
redis.call('ZADD', KEYS[1], expires, ARGV[3])
redis.call('PEXPIREAT', KEYS[1], expires)
redis.call('ZADD', KEYS[2], 'GT', expires, ARGV[4])
redis.call('HSET', KEYS[3], ARGV[5], ARGV[4])
if before == 0 then return 1 end
return 0
`;

const DISCONNECT = `
local now = tonumber(ARGV[1])
local removed = redis.call('ZREM', KEYS[1], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) == 0 then
  redis.call('ZREM', KEYS[2], ARGV[3])
  if redis.call('HGET', KEYS[3], ARGV[4]) == ARGV[3] then redis.call('HDEL', KEYS[3], ARGV[4]) end
  if removed == 1 then return 1 end
end
return 0
`;

/** The id of the online user of a name key; a lapsed one (its process died) counts as offline. */
const ONLINE_ID = `
local id = redis.call('HGET', KEYS[1], ARGV[1])
if not id then return false end
local expires = redis.call('ZSCORE', KEYS[2], id)
if expires and tonumber(expires) > tonumber(ARGV[2]) then return id end
return false
`;

/** Renews the given sockets (pairs of user id and socket id after now and expiry). */
const HEARTBEAT = `
local prefix, expires = ARGV[1], tonumber(ARGV[2])
for i = 3, #ARGV, 2 do
  local user, sid = ARGV[i], ARGV[i + 1]
  redis.call('ZADD', prefix..'u:'..user, expires, sid)
  redis.call('PEXPIREAT', prefix..'u:'..user, expires)
  redis.call('ZADD', prefix..'online', 'GT', expires, user)
end
return 1
`;

export interface RedisPresenceOptions {
  prefix?: string;
  /** How long an entry lives without a heartbeat; a dead process's sockets vanish after it. */
  ttlMs?: number;
  /** How often this process renews its own sockets; 0 turns the timer off (tests). */
  heartbeatMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

/**
 * Presence shared by every process through Redis. Each process renews its own sockets every
 * `heartbeatMs`; a process killed with -9 stops renewing, so its sockets drop out after `ttlMs`
 * (45 s), while socket.io's ping catches a vanished client on a live process within 45 s too.
 */
export class RedisPresence implements PresenceStore {
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** This process's sockets, renewed by the heartbeat. */
  private readonly local = new Map<string, string>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: RedisClientType,
    options: RedisPresenceOptions = {},
  ) {
    this.prefix = options.prefix ?? 'presence:';
    this.ttlMs = options.ttlMs ?? SocialConstants.presenceTtlMs;
    this.now = options.now ?? Date.now;
    const every = options.heartbeatMs ?? SocialConstants.presenceHeartbeatMs;
    if (every > 0) {
      this.timer = setInterval(() => {
        this.heartbeat().catch((err: unknown) => options.onError?.(err));
      }, every);
      this.timer.unref();
    }
  }

  private keys(userId: string): string[] {
    return [`${this.prefix}u:${userId}`, `${this.prefix}online`, `${this.prefix}names`];
  }

  async connect(user: PresentUser, socketId: string): Promise<boolean> {
    this.local.set(socketId, user.id);
    const now = this.now();
    const first = await this.redis.eval(CONNECT, {
      keys: this.keys(user.id),
      arguments: [String(now), String(now + this.ttlMs), socketId, user.id, nameKey(user.username)],
    });
    return first === 1;
  }

  async disconnect(user: PresentUser, socketId: string): Promise<boolean> {
    this.local.delete(socketId);
    const last = await this.redis.eval(DISCONNECT, {
      keys: this.keys(user.id),
      arguments: [String(this.now()), socketId, user.id, nameKey(user.username)],
    });
    return last === 1;
  }

  async onlineId(username: string): Promise<string | null> {
    const id = await this.redis.eval(ONLINE_ID, {
      keys: [`${this.prefix}names`, `${this.prefix}online`],
      arguments: [nameKey(username), String(this.now())],
    });
    return typeof id === 'string' ? id : null;
  }

  async isOnline(userId: string): Promise<boolean> {
    const score = await this.redis.zScore(`${this.prefix}online`, userId);
    return score !== null && score > this.now();
  }

  async online(): Promise<string[]> {
    const now = this.now();
    // Users whose every entry lapsed (their process died) are dropped here, lazily.
    await this.redis.zRemRangeByScore(`${this.prefix}online`, '-inf', now);
    return this.redis.zRangeByScore(`${this.prefix}online`, now + 1, '+inf');
  }

  /** Renews this process's sockets now. */
  async heartbeat(): Promise<void> {
    if (this.local.size === 0) return;
    const args = [this.prefix, String(this.now() + this.ttlMs)];
    for (const [socketId, userId] of this.local) args.push(userId, socketId);
    await this.redis.eval(HEARTBEAT, { arguments: args });
  }

  close(): Promise<void> {
    clearInterval(this.timer);
    return Promise.resolve();
  }
}
