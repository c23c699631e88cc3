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
});
