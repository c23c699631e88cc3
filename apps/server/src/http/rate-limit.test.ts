import { createClient } from 'redis';
import type { RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limit.ts';
import type { RateLimiter } from './rate-limit.ts';

describe('MemoryRateLimiter', () => {
  it('counts hits per key in a fixed window, then starts again', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter(() => now);
    expect((await limiter.hit('a', 60_000)).count).toBe(1);
    expect((await limiter.hit('a', 60_000)).count).toBe(2);
    expect((await limiter.hit('b', 60_000)).count).toBe(1);
    expect(await limiter.count('a')).toBe(2);
    now += 60_001;
    expect(await limiter.count('a')).toBe(0);
    expect((await limiter.hit('a', 60_000)).count).toBe(1);
    await limiter.reset('a');
    expect(await limiter.count('a')).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe('RedisRateLimiter', () => {
  let redis: RedisClientType | undefined;
  let limiter: RateLimiter;
  const prefix = `atrium:test:${process.pid}:${Date.now()}:`;

  beforeAll(async () => {
    if (!redisUrl) return;
    redis = createClient({ url: redisUrl });
    await redis.connect();
    limiter = new RedisRateLimiter(redis, prefix);
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('runs when TEST_REDIS_URL is set (CI sets it)', () => {
    if (process.env.CI) expect(redisUrl).toBeTruthy();
  });

  it.runIf(redisUrl)('shares counts across limiter instances and expires the window', async () => {
    const other = new RedisRateLimiter(redis as RedisClientType, prefix);
    expect((await limiter.hit('k', 200)).count).toBe(1);
    expect((await other.hit('k', 200)).count).toBe(2);
    const third = await limiter.hit('k', 200);
    expect(third.count).toBe(3);
    expect(third.resetMs).toBeLessThanOrEqual(200);
    expect(await other.count('k')).toBe(3);
    await new Promise((r) => setTimeout(r, 250));
    expect(await limiter.count('k')).toBe(0);
  });

  it.runIf(redisUrl)('is one sliding window for every process', async () => {
    const other = new RedisRateLimiter(redis as RedisClientType, prefix);
    const started = Date.now();
    expect((await limiter.hit('slide', 600, 3)).allowed).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect((await other.hit('slide', 600, 3)).allowed).toBe(true);
    expect((await limiter.hit('slide', 600, 3)).allowed).toBe(true);
    const refused = await other.hit('slide', 600, 3);
    expect(refused).toMatchObject({ allowed: false, count: 4 });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(600 - (Date.now() - started) + 50);
    expect(await limiter.retryAfter('slide', 3)).toBeGreaterThan(0);
    // Past the first hit's window only its place is free; a fixed window would have reset.
    await new Promise((r) => setTimeout(r, Math.max(0, 650 - (Date.now() - started))));
    expect((await limiter.hit('slide', 600, 3)).allowed).toBe(true);
    expect((await other.hit('slide', 600, 3)).allowed).toBe(false);
    expect(await other.count('slide')).toBe(3);
  });
});

describe('MemoryRateLimiter as a sliding window', () => {
  it('lets no second burst through at a window edge, and says when to retry', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    const burst = async () => {
      const hits = [];
      for (let i = 0; i < 10; i += 1) hits.push(await limiter.hit('edge', 60_000, 10));
      return hits;
    };
    now = 59_900;
    expect((await burst()).every((h) => h.allowed)).toBe(true);
    // A fixed window starting at 0 resets at 60 s and would let ten more through here.
    now = 60_100;
    const second = await burst();
    expect(second.filter((h) => h.allowed)).toHaveLength(0);
    expect(second[0]).toMatchObject({ count: 11, retryAfterMs: 59_800 });
    // Refused hits are not counted: the first burst leaving frees the whole budget.
    now = 119_900;
    expect((await burst()).every((h) => h.allowed)).toBe(true);
  });

  it('frees one place when the oldest hit leaves, not the whole budget', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    expect((await limiter.hit('k', 1_000, 3)).allowed).toBe(true);
    now = 500;
    expect((await limiter.hit('k', 1_000, 3)).allowed).toBe(true);
    expect((await limiter.hit('k', 1_000, 3)).allowed).toBe(true);
    now = 1_001;
    expect((await limiter.hit('k', 1_000, 3)).allowed).toBe(true);
    const refused = await limiter.hit('k', 1_000, 3);
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: 499 });
    expect(await limiter.retryAfter('k', 3)).toBe(499);
    expect(await limiter.retryAfter('k', 4)).toBe(0);
    expect(await limiter.count('k')).toBe(3);
  });
});
