import { createHash, randomUUID } from 'node:crypto';
import { WORLD_LAYOUTS } from '@atrium/protocol';
import type { AvatarState } from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from 'redis';
import type { Admission, Arrival, InstanceDirectory, InstanceSize } from './world.directory.ts';
import { arrival as arrivalState } from './world.service.ts';
import type { Member, WorldService } from './world.service.ts';

/**
 * A process refreshes its heartbeat every second; one silent for 3 s is dead, and whichever
 * process looks next (every half second) removes its avatars: ghosts are gone within 3.5 s.
 */
const HEARTBEAT_MS = 1000;
const HEARTBEAT_TTL_MS = 3000;
const REAP_MS = 500;
/** How long a visitor who dropped out is led back to the instance it was in. */
const RETURN_S = 60;

/*
 * Keys, under the prefix P (the scripts build them from ARGV, so this needs one Redis, not a
 * cluster, which is what we run):
 *   P w:<world>       sorted set of the world's instances, in opening order
 *   P i:<instance>    hash socket id -> avatar state (JSON), the instance's members
 *   P n:<instance>    the instance's next avatar index
 *   P p:<process>     heartbeat, expires when the process stops refreshing it
 *   P pm:<process>    set of "<instance> <socket id>" the process holds
 *   P procs           the processes that hold members
 *   P count           instances opened, for their names
 *   P last:<account>:<world>   the instance the account was last placed in
 */
const DROP_EMPTY = `
local function dropIfEmpty(P, inst)
  if redis.call('HLEN', P..'i:'..inst) == 0 then
    redis.call('DEL', P..'i:'..inst, P..'n:'..inst)
    local world = string.match(inst, '^(.*)-%d+$')
    if world then redis.call('ZREM', P..'w:'..world, inst) end
  end
end
`;

const JOIN = `${DROP_EMPTY}
local P, world, cap, sid, proc, ttl, state, account =
  ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8]
redis.call('SET', P..'p:'..proc, '1', 'PX', ttl)
redis.call('SADD', P..'procs', proc)
local list = P..'w:'..world
local last = P..'last:'..account..':'..world
local chosen = nil
local preferred = redis.call('GET', last)
if preferred and redis.call('ZSCORE', list, preferred)
  and redis.call('HLEN', P..'i:'..preferred) < cap then
  chosen = preferred
end
if not chosen then
  for _, id in ipairs(redis.call('ZRANGE', list, 0, -1)) do
    if redis.call('HLEN', P..'i:'..id) < cap then chosen = id break end
  end
end
if not chosen then
  local n = redis.call('INCR', P..'count')
  chosen = world..'-'..n
  redis.call('ZADD', list, n, chosen)
end
local index = (redis.call('INCR', P..'n:'..chosen) - 1) % 65536
local others = redis.call('HVALS', P..'i:'..chosen)
local avatar = cjson.decode(state)
avatar.index = index
redis.call('HSET', P..'i:'..chosen, sid, cjson.encode(avatar))
redis.call('SADD', P..'pm:'..proc, chosen..' '..sid)
redis.call('SET', last, chosen, 'EX', ARGV[9])
return {chosen, index, others}
`;

const LEAVE = `${DROP_EMPTY}
local P, proc, inst, sid = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local removed = redis.call('HDEL', P..'i:'..inst, sid)
redis.call('SREM', P..'pm:'..proc, inst..' '..sid)
dropIfEmpty(P, inst)
return removed
`;

/** Only members still there: a position must not bring back someone who left or was reaped. */
const PUBLISH = `
local key = ARGV[1]..'i:'..ARGV[2]
for i = 3, #ARGV, 2 do
  if redis.call('HEXISTS', key, ARGV[i]) == 1 then redis.call('HSET', key, ARGV[i], ARGV[i + 1]) end
end
return 0
`;

const HEARTBEAT = `
local key = ARGV[1]..'p:'..ARGV[2]
local alive = redis.call('EXISTS', key)
redis.call('SET', key, '1', 'PX', ARGV[3])
redis.call('SADD', ARGV[1]..'procs', ARGV[2])
return alive
`;

/** Atomic, so two processes reaping at once announce each ghost's departure once. */
const REAP = `${DROP_EMPTY}
local P = ARGV[1]
local out = {}
for _, proc in ipairs(redis.call('SMEMBERS', P..'procs')) do
  if redis.call('EXISTS', P..'p:'..proc) == 0 then
    for _, entry in ipairs(redis.call('SMEMBERS', P..'pm:'..proc)) do
      local inst, sid = string.match(entry, '^(%S+) (%S+)$')
      local state = redis.call('HGET', P..'i:'..inst, sid)
      if state then
        redis.call('HDEL', P..'i:'..inst, sid)
        local avatar = cjson.decode(state)
        table.insert(out, inst)
        table.insert(out, avatar.id)
        table.insert(out, avatar.index or -1)
      end
      dropIfEmpty(P, inst)
    end
    redis.call('DEL', P..'pm:'..proc)
    redis.call('SREM', P..'procs', proc)
  end
end
return out
`;

/** The open instances of the given worlds and their member counts, read in one step. */
const SIZES = `
local P = ARGV[1]
local out = {}
for w = 2, #ARGV do
  for _, inst in ipairs(redis.call('ZRANGE', P..'w:'..ARGV[w], 0, -1)) do
    table.insert(out, ARGV[w])
    table.insert(out, inst)
    table.insert(out, redis.call('HLEN', P..'i:'..inst))
  end
end
return out
`;

/** A Lua script run by its hash, sent in full only when Redis has not seen it yet. */
class Script {
  private readonly sha: string;
  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: RedisClientType, args: string[]): Promise<unknown> {
    try {
      return await redis.evalSha(this.sha, { arguments: args });
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return redis.eval(this.source, { arguments: args });
    }
  }
}

const scripts = {
  join: new Script(JOIN),
  leave: new Script(LEAVE),
  publish: new Script(PUBLISH),
  heartbeat: new Script(HEARTBEAT),
  reap: new Script(REAP),
  sizes: new Script(SIZES),
};

/**
 * Instances shared by every process on one Redis. Membership, capacity and avatar indexes are
 * decided by atomic scripts; moves stay with the process that holds the socket (checked and sent
 * from there), so a tick costs no Redis round trip before the snapshot goes out.
 */
export class RedisDirectory implements InstanceDirectory {
  readonly shared = true;
  readonly process = randomUUID();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly service: WorldService,
    private readonly redis: RedisClientType,
    private readonly capacity: number,
    private readonly log: FastifyBaseLogger,
    /** Called with the sockets of this process after another process reaped them. */
    private readonly orphaned: (socketIds: string[]) => void,
    private readonly prefix = 'atrium:world:',
  ) {}

  async join(socketId: string, world: string, arrival: Arrival): Promise<Admission> {
    const layout = WORLD_LAYOUTS[world];
    if (!layout) throw new Error(`unknown world ${world}`);
    const previous = this.service.member(socketId);
    if (previous) await this.leave(socketId);
    const draft = arrivalState(layout, arrival.who, 0, arrival.location);
    const [instanceId, index, others] = (await scripts.join.run(this.redis, [
      this.prefix,
      world,
      String(this.capacity),
      socketId,
      this.process,
      String(HEARTBEAT_TTL_MS),
      JSON.stringify(draft),
      arrival.account,
      String(RETURN_S),
    ])) as [string, number, string[]];
    // The spot depends on the index; the campus learns it with the first tick's positions.
    const state = arrivalState(layout, arrival.who, index, arrival.location);
    const member = this.service.admit(socketId, instanceId, world, state);
    return { member, others: others.map((json) => JSON.parse(json) as AvatarState) };
  }

  async leave(socketId: string): Promise<Member | undefined> {
    const member = this.service.leave(socketId);
    if (!member) return undefined;
    await scripts.leave.run(this.redis, [this.prefix, this.process, member.instanceId, socketId]);
    return member;
  }

  publish(instanceId: string, moved: readonly Member[]): void {
    const args = [this.prefix, instanceId];
    for (const m of moved) args.push(m.socketId, JSON.stringify(m.state));
    scripts.publish.run(this.redis, args).catch((err: unknown) => {
      this.log.error({ err }, 'world positions not shared');
    });
  }

  async positions(instanceId: string): Promise<AvatarState[]> {
    const all = await this.redis.hGetAll(`${this.prefix}i:${instanceId}`);
    const local = this.service.instances.get(instanceId)?.members;
    const states: AvatarState[] = [];
    for (const [socketId, json] of Object.entries(all)) {
      // This process's own members are fresher here than in Redis.
      const mine = local?.get(socketId);
      if (mine) states.push(mine.state);
      else {
        try {
          states.push(JSON.parse(json) as AvatarState);
        } catch {
          // Not a state this code wrote.
        }
      }
    }
    return states;
  }

  async sizes(): Promise<InstanceSize[]> {
    const out = (await scripts.sizes.run(this.redis, [
      this.prefix,
      ...Object.keys(WORLD_LAYOUTS),
    ])) as Array<string | number>;
    const sizes: InstanceSize[] = [];
    for (let i = 0; i + 2 < out.length; i += 3) {
      sizes.push({ world: String(out[i]), instance: String(out[i + 1]), size: Number(out[i + 2]) });
    }
    return sizes;
  }

  start(reaped: (instanceId: string, avatarId: string, index: number) => void): void {
    const beat = async () => {
      const alive = await scripts.heartbeat.run(this.redis, [
        this.prefix,
        this.process,
        String(HEARTBEAT_TTL_MS),
      ]);
      // Silent too long (a stalled event loop): the campus may have reaped our visitors. They
      // reconnect and join again rather than walk unseen.
      const local = [...this.service.instances.values()].flatMap((i) => [...i.members.keys()]);
      if (alive === 0 && local.length > 0) {
        this.log.warn({ sockets: local.length }, 'world heartbeat lapsed; visitors rejoin');
        for (const id of local) this.service.leave(id);
        this.orphaned(local);
      }
    };
    const reap = async () => {
      const out = (await scripts.reap.run(this.redis, [this.prefix])) as Array<string | number>;
      for (let i = 0; i + 2 < out.length; i += 3) {
        reaped(String(out[i]), String(out[i + 1]), Number(out[i + 2]));
      }
    };
    const every = (ms: number, fn: () => Promise<void>) => {
      const run = () => {
        fn().catch((err: unknown) => this.log.error({ err }, 'world directory upkeep failed'));
      };
      run();
      this.timers.push(setInterval(run, ms));
    };
    every(HEARTBEAT_MS, beat);
    every(REAP_MS, reap);
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    // The others reap our members at once instead of waiting for the heartbeat to lapse.
    await this.redis
      .multi()
      .del(`${this.prefix}p:${this.process}`)
      .sRem(`${this.prefix}procs`, this.process)
      .exec()
      .catch(() => undefined);
  }
}
