import type { RedisClientType } from 'redis';

export interface RateHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/**
 * Fixed-window counters. One small interface covers the per-IP request limits and the
 * per-account failure lock, in memory for one process or in Redis for several.
 */
export interface RateLimiter {
  /** Counts one hit on `key` in a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<RateHit>;
  /** The hits counted on `key` in its current window. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** In-process counters, for the embedded default. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<RateHit> {
    const now = this.now();
    this.prune(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  async count(key: string): Promise<number> {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Counters shared by every server process through Redis. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix = 'atrium:rl:',
  ) {}

  async hit(key: string, windowMs: number): Promise<RateHit> {
    const k = this.prefix + key;
    const [count, , ttl] = (await this.redis
      .multi()
      .incr(k)
      .pExpire(k, windowMs, 'NX')
      .pTTL(k)
      .exec()) as unknown as [number, number, number];
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async count(key: string): Promise<number> {
    const value = await this.redis.get(this.prefix + key);
    return value ? Number(value) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
