import { randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';

export interface RateHit {
  /** Hits in the window, this one included (for a refused hit: what it would have made). */
  count: number;
  /** Milliseconds until every hit counted on the key has left the window. */
  resetMs: number;
  /** False when the hit was over `limit` and so was not counted. */
  allowed: boolean;
  /** For a refused hit, milliseconds until one more would be allowed; 0 otherwise. */
  retryAfterMs: number;
}

/**
 * Sliding-window counters (a log of expiry times per key). One small interface covers the
 * per-address request limits, the per-account failure lock and per-user socket event limits, in
 * memory for one process or in Redis for several.
 *
 * Why our own and not `@fastify/rate-limit`: most callers count programmatically (mails per
 * recipient, failures per account, a lock read with `retryAfter`), not per route, and its stores
 * are fixed windows (its Redis script is INCR, then PEXPIRE on the first hit), as ours was.
 * Measured on our old fixed window with a 10/minute limit: one request at 0 s, nine at 59.9 s
 * and ten at 60.1 s all passed, 19 of them within 0.2 s. Here the last ten get 429 (see the edge
 * test in rate-limit.test.ts). A log holds at most `limit` entries per key, because a refused hit
 * is not recorded: a flood costs no memory and does not lengthen its own wait.
 */
export interface RateLimiter {
  /**
   * Counts one hit on `key`, kept for `windowMs`. With `limit`, a hit that would make more than
   * `limit` in the last `windowMs` is refused and not counted.
   */
  hit(key: string, windowMs: number, limit?: number): Promise<RateHit>;
  /** The hits counted on `key` in the window. */
  count(key: string): Promise<number>;
  /** Milliseconds until `key` has fewer than `limit` hits; 0 when it already has. */
  retryAfter(key: string, limit: number): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Which entry must leave the window before one more fits under `limit` (0-based, oldest first). */
const blockingIndex = (size: number, limit: number) => size - Math.max(limit, 0);

/** In-process counters, for the embedded default. */
export class MemoryRateLimiter implements RateLimiter {
  /** Expiry times, oldest first. */
  private readonly logs = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number, limit?: number): Promise<RateHit> {
    const now = this.now();
    this.prune(now);
    const log = this.live(key, now);
    if (limit !== undefined && log.length >= limit) {
      const retryAfterMs = (log[blockingIndex(log.length, limit)] ?? now) - now;
      const resetMs = (log.at(-1) ?? now) - now;
      return { count: log.length + 1, resetMs, allowed: false, retryAfterMs };
    }
    const expires = now + windowMs;
    // Keys keep one window each, so appending keeps the log sorted; a mixed key is sorted here.
    if ((log.at(-1) ?? 0) <= expires) log.push(expires);
    else log.splice(sortedIndex(log, expires), 0, expires);
    this.logs.set(key, log);
    return {
      count: log.length,
      resetMs: (log.at(-1) ?? expires) - now,
      allowed: true,
      retryAfterMs: 0,
    };
  }

  async count(key: string): Promise<number> {
    return this.live(key, this.now()).length;
  }

  async retryAfter(key: string, limit: number): Promise<number> {
    const now = this.now();
    const log = this.live(key, now);
    return log.length < limit ? 0 : (log[blockingIndex(log.length, limit)] ?? now) - now;
  }

  async reset(key: string): Promise<void> {
    this.logs.delete(key);
  }

  private live(key: string, now: number): number[] {
    const log = this.logs.get(key);
    if (!log) return [];
    const gone = sortedIndex(log, now + 1);
    if (gone > 0) log.splice(0, gone);
    if (log.length === 0) this.logs.delete(key);
    return log;
  }

  private prune(now: number): void {
    if (this.logs.size < 10_000) return;
    for (const [key, log] of this.logs) if ((log.at(-1) ?? 0) <= now) this.logs.delete(key);
  }
}

/** The first index whose value is at least `value`. */
function sortedIndex(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One atomic step on a sorted set of expiry times (score) per key. Redis's own clock decides, so
 * processes with skewed clocks share one window. Answers {allowed, count, resetMs, retryAfterMs}.
 */
const HIT_SCRIPT = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
local n = redis.call('ZCARD', key)
if limit >= 0 and n >= limit then
  local first = redis.call('ZRANGE', key, n - limit, n - limit, 'WITHSCORES')
  local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  return {0, n + 1, tonumber(last[2]) - now, tonumber(first[2]) - now}
end
redis.call('ZADD', key, now + window, ARGV[3])
local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
local reset = tonumber(last[2]) - now
redis.call('PEXPIRE', key, reset)
return {1, n + 1, reset, 0}
`;

/** {count, retryAfterMs for ARGV[1] as the limit}. */
const PEEK_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
local n = redis.call('ZCARD', key)
if limit < 0 or n < limit then return {n, 0} end
local first = redis.call('ZRANGE', key, n - limit, n - limit, 'WITHSCORES')
return {n, tonumber(first[2]) - now}
`;

/** Counters shared by every server process through Redis. */
export class RedisRateLimiter implements RateLimiter {
  /** Makes each hit a distinct set member, even two in the same millisecond from two processes. */
  private readonly nonce = randomUUID();
  private seq = 0;

  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix = 'atrium:rl:',
  ) {}

  async hit(key: string, windowMs: number, limit?: number): Promise<RateHit> {
    this.seq += 1;
    const [allowed, count, resetMs, retryAfterMs] = (await this.redis.eval(HIT_SCRIPT, {
      keys: [this.prefix + key],
      arguments: [String(windowMs), String(limit ?? -1), `${this.nonce}:${this.seq}`],
    })) as [number, number, number, number];
    return { allowed: allowed === 1, count, resetMs, retryAfterMs };
  }

  async count(key: string): Promise<number> {
    return (await this.peek(key, -1))[0];
  }

  async retryAfter(key: string, limit: number): Promise<number> {
    return (await this.peek(key, limit))[1];
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  private async peek(key: string, limit: number): Promise<[number, number]> {
    return (await this.redis.eval(PEEK_SCRIPT, {
      keys: [this.prefix + key],
      arguments: [String(limit)],
    })) as [number, number];
  }
}
