import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { RedisClientType } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RedisDirectory } from './world.redis-directory.ts';
import { WorldService } from './world.service.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const quiet = { error() {}, warn() {} } as unknown as FastifyBaseLogger;
const who = (id: string) => ({ id, username: id, roleLabel: 'Guest', look: 1 });

describe('the campus-wide instance directory', () => {
  it('runs when TEST_REDIS_URL is set (CI sets it)', () => {
    if (process.env.CI) expect(redisUrl, 'CI must set TEST_REDIS_URL').toBeTruthy();
  });

  describe.runIf(redisUrl)('on the test Redis', () => {
    let redis: RedisClientType;
    // Each test its own key space, so runs on a shared Redis never meet.
    let prefix = '';
    const started: RedisDirectory[] = [];

    beforeAll(async () => {
      redis = createClient({ url: redisUrl });
      await redis.connect();
    });
    afterEach(async () => {
      for (const d of started.splice(0)) await d.stop();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(keys);
    });
    afterAll(async () => {
      await redis.quit();
    });

    /** One server process's view: its own service, the shared Redis. */
    function serverProcess(capacity: number): RedisDirectory {
      if (!prefix) prefix = `atrium:test:${randomUUID()}:`;
      return new RedisDirectory(
        new WorldService(capacity),
        redis,
        capacity,
        quiet,
        () => {},
        prefix,
      );
    }

    it('fills instances to capacity and numbers avatars once for all processes', async () => {
      prefix = '';
      const processes = [serverProcess(3), serverProcess(3)];
      const admitted = await Promise.all(
        Array.from({ length: 7 }, (_, i) =>
          processes[i % 2]!.join(`s${i}`, 'campus', { who: who(`s${i}`), account: `a${i}` }),
        ),
      );
      const byInstance = new Map<string, number[]>();
      for (const { member } of admitted) {
        byInstance.set(member.instanceId, [
          ...(byInstance.get(member.instanceId) ?? []),
          member.state.index,
        ]);
      }
      expect([...byInstance.values()].map((ix) => ix.length).sort()).toEqual([1, 3, 3]);
      for (const indexes of byInstance.values()) {
        expect(new Set(indexes).size).toBe(indexes.length);
      }
      // A newcomer is told of everyone in its instance, whichever process holds them.
      const last = await processes[0]!.join('late', 'campus', {
        who: who('late'),
        account: 'late',
      });
      const mates = admitted.filter((a) => a.member.instanceId === last.member.instanceId);
      expect(last.others.map((o) => o.id).sort()).toEqual(
        mates.map((a) => a.member.state.id).sort(),
      );
    });

    it('tells every process the sizes of all instances, for the metrics', async () => {
      prefix = '';
      const [one, two] = [serverProcess(2), serverProcess(2)];
      await one.join('p', 'campus', { who: who('p'), account: 'ap' });
      await two.join('q', 'campus', { who: who('q'), account: 'aq' });
      const third = await two.join('r', 'campus', { who: who('r'), account: 'ar' });
      const sorted = (sizes: Awaited<ReturnType<RedisDirectory['sizes']>>) =>
        [...sizes].sort((a, b) => a.instance.localeCompare(b.instance));
      const expected = sorted([
        { world: 'campus', instance: `campus-1`, size: 2 },
        { world: 'campus', instance: third.member.instanceId, size: 1 },
      ]);
      expect(sorted(await one.sizes())).toEqual(expected);
      expect(sorted(await two.sizes())).toEqual(expected);
      await two.leave('r');
      expect(await one.sizes()).toEqual([{ world: 'campus', instance: 'campus-1', size: 2 }]);
    });

    it('leads a returning account back to the instance it was in', async () => {
      prefix = '';
      const [one, two] = [serverProcess(2), serverProcess(2)];
      const first = await one.join('x', 'campus', { who: who('x'), account: 'ax' });
      await two.join('y', 'campus', { who: who('y'), account: 'ay' });
      const away = await two.join('z', 'campus', { who: who('z'), account: 'az' });
      await one.join('w', 'campus', { who: who('w'), account: 'aw' });
      expect(away.member.instanceId).not.toBe(first.member.instanceId);
      await two.leave('z');
      await one.leave('x');
      // The first instance has room now, but the account was in the second.
      const back = await one.join('z2', 'campus', { who: who('z2'), account: 'az' });
      expect(back.member.instanceId).toBe(away.member.instanceId);
      const stranger = await one.join('v', 'campus', { who: who('v'), account: 'av' });
      expect(stranger.member.instanceId).toBe(first.member.instanceId);
    });

    it('hands its visitors back to be rejoined when the campus reaped it while it stalled', async () => {
      prefix = `atrium:test:${randomUUID()}:`;
      const service = new WorldService(10);
      let stalled: RedisDirectory | undefined;
      const orphans = new Promise<string[]>((resolve) => {
        stalled = new RedisDirectory(service, redis, 10, quiet, resolve, prefix);
      });
      if (!stalled) throw new Error('not created');
      await stalled.join('s1', 'campus', { who: who('s1'), account: 's1' });
      // Its heartbeat lapsed and another process reaped it: what a stalled event loop wakes to.
      await redis.del(`${prefix}p:${stalled.process}`);
      const reaper = serverProcess(10);
      started.push(reaper);
      await new Promise<void>((resolve) => reaper.start(() => resolve()));
      started.push(stalled);
      stalled.start(() => {});
      expect(await orphans).toEqual(['s1']);
      expect(service.member('s1')).toBeUndefined();
    });

    it('announces each avatar of a dead process gone exactly once, with its index', async () => {
      prefix = '';
      const dying = serverProcess(10);
      const a = await dying.join('d1', 'campus', { who: who('d1'), account: 'd1' });
      const b = await dying.join('d2', 'campus', { who: who('d2'), account: 'd2' });
      const reaped: string[] = [];
      const indexes = new Map<string, number>();
      const watchers = [serverProcess(10), serverProcess(10)];
      const bothGone = new Promise<void>((resolve) => {
        for (const w of watchers) {
          started.push(w);
          w.start((instanceId, id, index) => {
            expect(instanceId).toBe(a.member.instanceId);
            reaped.push(id);
            indexes.set(id, index);
            if (reaped.length === 2) resolve();
          });
        }
      });
      // What the heartbeat's expiry does when the process is killed, without waiting 3 s.
      await redis.del(`${prefix}p:${dying.process}`);
      await bothGone;
      const after = await watchers[0]!.join('n', 'campus', { who: who('n'), account: 'n' });
      expect(after.others).toEqual([]);
      expect(reaped.sort()).toEqual(['d1', 'd2']);
      // The index too: every process's interest lets go of the avatar by it.
      expect(Object.fromEntries(indexes)).toEqual({
        d1: a.member.state.index,
        d2: b.member.state.index,
      });
      // Two more rounds of both reapers: nobody is announced twice.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(reaped).toHaveLength(2);
    });
  });
});
