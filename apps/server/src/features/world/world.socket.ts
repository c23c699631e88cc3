import type { AvatarState } from '@atrium/protocol';
import {
  CharacterText,
  decodeLook,
  decodeSnapshot,
  encodeSnapshot,
  roleLabels,
  SocketText,
  WorldConstants,
} from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@atrium/protocol';
import type { RedisClientType } from 'redis';
import { AppError } from '../../http/errors.ts';
import type { AtriumServer, SocketFeature } from '../../realtime/realtime.ts';
import { MemoryDirectory } from './world.directory.ts';
import type { InstanceDirectory, InstanceSize } from './world.directory.ts';
import { RedisDirectory } from './world.redis-directory.ts';
import { Interest, type Placed } from './world.interest.ts';
import { lookSeed, WorldService } from './world.service.ts';
import type { Member } from './world.service.ts';

export interface WorldRealtime {
  feature: SocketFeature;
  service: WorldService;
  /** Moves refused since start (rate, speed, walls), for metrics and tests. */
  readonly refused: () => number;
  /** Every open instance of the campus and its size: all processes' with Redis, else this one's. */
  instances(): Promise<InstanceSize[]>;
  /** Where everyone in an instance stands, on any process. */
  positions(instanceId: string): Promise<AvatarState[]>;
  /**
   * An account saved a new look: every avatar of it, on any process, changes for everyone in its
   * instance (`world:look`), and newcomers see the new look.
   */
  lookChanged(userId: string, code: number): void;
  start(io: AtriumServer): void;
  stop(): Promise<void>;
}

const fail = (message: string) => new AppError(400, ErrorCode.validation, message);

/** The account's username now; a token keeps the one it was signed with until it rotates. */
export type CurrentUsername = (userId: string) => Promise<string | undefined>;
/** The look code an account saved in the customiser, if any. */
export type SavedLook = (userId: string) => Promise<number | undefined>;
/** The Redis channel on which a saved look reaches every process. */
const EMOTE_COOLDOWN_MS = 400;

/**
 * The start of the world's Redis keys and channel for the campus on socket.io channel `channel`
 * (REDIS_CHANNEL): `atrium:` for the default, so a campus keeps its keys; with its own channel a
 * campus (a test file) shares Redis with others without sharing their instances.
 */
export const worldKeyPrefix = (channel = 'socket.io'): string =>
  channel === 'socket.io' ? 'atrium:' : `atrium:${channel}:`;

/** Sockets of one process join this room too, so a tick can skip the ones it served itself. */
const processRoom = (id: string) => `world-process:${id}`;

/**
 * Live avatars: join, validated moves, emotes, and snapshots at the send rate. With `redis` the
 * instances are shared by every process on it; without, they live in this process.
 */
export function createWorldRealtime(
  capacity: number,
  log: FastifyBaseLogger,
  currentUsername: CurrentUsername = () => Promise.resolve(undefined),
  redis?: RedisClientType,
  savedLook: SavedLook = () => Promise.resolve(undefined),
  /** Called when a socket leaves its instance (a new join, a leave, a disconnect): its voice ends. */
  leftInstance: (socketId: string) => void = () => undefined,
  /** Where the world's Redis keys and channel start (`worldKeyPrefix`). */
  keyPrefix = worldKeyPrefix(),
): WorldRealtime {
  const lookChannel = `${keyPrefix}world:look`;
  const service = new WorldService(capacity);
  const directory: InstanceDirectory = redis
    ? new RedisDirectory(
        service,
        redis,
        capacity,
        log,
        (ids) => {
          // Closing the transport (not the socket) lets the client reconnect on its own.
          for (const id of ids) io?.sockets.sockets.get(id)?.conn.close();
        },
        `${keyPrefix}world:`,
      )
    : new MemoryDirectory(service);
  const localRoom = processRoom(redis ? (directory as RedisDirectory).process : 'local');
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  let io: AtriumServer | undefined;
  const lastEmote = new Map<string, number>();
  /** The account (or guest id) of each socket of this process that joined. */
  const accountOf = new Map<string, string>();
  let lookListener: RedisClientType | undefined;

  /** The other processes' interest lets go of the avatar `index` of `instanceId`. */
  const shareGone = (instanceId: string, index: number) => {
    if (!directory.shared) return;
    try {
      io?.serverSideEmit('world:gone', instanceId, index);
    } catch (err) {
      // The campus is closing (its adapter too): nobody is left to tell.
      log.warn({ err }, 'world leave not shared');
    }
  };
  /** The other processes' interest lets go of a visitor of ours who left. */
  const forget = (member: Member) => shareGone(member.instanceId, member.state.index);

  /** A guest's look for the visit: a valid chosen look, never an NFT's (guests own none). */
  const guestLook = (code: number | undefined, guestId: string): number => {
    if (code === undefined) return lookSeed(guestId);
    const look = decodeLook(code);
    if (!look) throw fail(CharacterText.lookInvalid);
    if (look.special !== null) throw fail(CharacterText.guestNoSpecial);
    return code;
  };

  /** Dresses one member in `code` and tells its instance. */
  const wear = (member: Member, code: number) => {
    if (member.state.look === code) return;
    member.state = { ...member.state, look: code };
    // The next tick shares the state (look included) with the other processes' newcomers.
    member.dirty = true;
    member.unshared = true;
    io?.to(member.instanceId).emit('world:look', { id: member.state.id, look: code });
  };

  /** Changes the look of this process's avatars of `userId`. */
  const applyLook = (userId: string, code: number) => {
    for (const [socketId, account] of accountOf) {
      const member = account === userId ? service.member(socketId) : undefined;
      if (member) wear(member, code);
    }
  };

  const feature: SocketFeature = (socket, on) => {
    on('world:join', async (s, { world, location, look: asked }) => {
      const auth = s.data.auth;
      if (!auth) throw fail(SocketText.notLoggedIn);
      if (!service.hasWorld(world)) throw fail(SocketText.worldUnknown);
      // A username chosen after sign-in is newer than the token's (e.g. the first entry after it).
      const username =
        auth.role === 'guest'
          ? auth.username
          : ((await currentUsername(auth.sub)) ?? auth.username);
      // The socket may have gone while the database answered; a member must not outlive it.
      if (s.disconnected) throw fail(SocketText.notInWorld);
      const previous = service.member(s.id);
      if (previous) {
        leftInstance(s.id);
        await s.leave(previous.instanceId);
        s.to(previous.instanceId).emit('world:left', { id: previous.state.id });
      }
      // Accounts wear their saved look (else their seed); a guest may bring one for the visit.
      const look =
        auth.role === 'guest'
          ? guestLook(asked, auth.sub)
          : ((await savedLook(auth.sub)) ?? lookSeed(auth.sub));
      if (s.disconnected) throw fail(SocketText.notInWorld);
      const roleLabel = auth.role === 'guest' ? 'Guest' : roleLabels[auth.role];
      const { member, others } = await directory.join(s.id, world, {
        who: { id: s.id, username, roleLabel, look },
        account: auth.sub,
        location,
      });
      if (s.disconnected) {
        // Gone while the directory answered: its disconnect found no member to remove.
        await directory.leave(s.id);
        throw fail(SocketText.notInWorld);
      }
      await s.join(directory.shared ? [member.instanceId, localRoom] : member.instanceId);
      accountOf.set(s.id, auth.sub);
      s.to(member.instanceId).emit('world:joined', member.state);
      return { instanceId: member.instanceId, self: member.state, others };
    });

    on('world:look', async (s, { look: asked }) => {
      const auth = s.data.auth;
      if (!auth) throw fail(SocketText.notLoggedIn);
      if (!service.member(s.id)) throw fail(SocketText.notInWorld);
      const look =
        auth.role === 'guest'
          ? guestLook(asked, auth.sub)
          : ((await savedLook(auth.sub)) ?? lookSeed(auth.sub));
      const member = service.member(s.id);
      if (!member) throw fail(SocketText.notInWorld);
      wear(member, look);
      return { look };
    });

    on('world:move', (s, move) => {
      const member = service.member(s.id);
      if (!member) throw fail(SocketText.notInWorld);
      const verdict = service.move(member, move);
      if (verdict === 'accepted') return;
      refused += 1;
      // Too fast or through a wall: the client snaps back to the last position we accepted.
      if (verdict !== 'rate-limited') s.emit('world:correction', member.state);
      return;
    });

    on('world:emote', (s, { emote }) => {
      const member = service.member(s.id);
      if (!member) throw fail(SocketText.notInWorld);
      const now = Date.now();
      if (now - (lastEmote.get(s.id) ?? 0) < EMOTE_COOLDOWN_MS) return;
      lastEmote.set(s.id, now);
      io?.to(member.instanceId).emit('world:emoted', { id: member.state.id, emote });
      return;
    });

    on('world:leave', async (s) => {
      accountOf.delete(s.id);
      leftInstance(s.id);
      const member = await directory.leave(s.id);
      if (member) {
        await s.leave(member.instanceId);
        s.to(member.instanceId).emit('world:left', { id: member.state.id });
        forget(member);
      }
      return {};
    });

    socket.on('disconnect', () => {
      lastEmote.delete(socket.id);
      accountOf.delete(socket.id);
      directory.leave(socket.id).then(
        (member) => {
          if (!member) return;
          io?.to(member.instanceId).emit('world:left', { id: member.state.id });
          forget(member);
        },
        (err: unknown) => log.error({ err }, 'world leave failed'),
      );
    });
  };

  /** A snapshot as the text `world:snapshot` carries (one WebSocket frame; see `decodeSnapshot`). */
  const snapshotText = (bytes: Uint8Array) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

  /** Each crowded instance's interest (issue 30), kept between ticks for its per-viewer sets. */
  const interests = new Map<string, Interest<Placed>>();
  let tickCount = 0;

  /**
   * The other processes' avatars in each instance, by index, as their moves came
   * (`world:moved`): this process's interest shares them out among its own viewers, as it does
   * its own visitors. Before, a process sent each of its moves to every viewer on the others, so
   * a client on two processes received twice the bytes of one (26.8 KB/s beside 12.7 at 200
   * avatars). A dead process's are forgotten when the directory reaps them (within 3.5 s);
   * one not heard of for `REMOTE_FORGET_MS` is forgotten too, in case a reap was missed: standing
   * still it sent nothing anyway, and its next move brings it back.
   */
  const remotes = new Map<string, Map<number, Placed & { heardAt: number }>>();
  const REMOTE_FORGET_MS = 60_000;
  /**
   * Each instance's size on the whole campus, read from the directory every few seconds: every
   * process then agrees when an instance is crowded (interest) or not (one snapshot for all).
   */
  const campusSize = new Map<string, number>();
  let sizeTimer: NodeJS.Timeout | undefined;
  /** An instance's size as far as this process knows: its own visitors and the others'. */
  const sizeOf = (instanceId: string, local: number) =>
    Math.max(local + (remotes.get(instanceId)?.size ?? 0), campusSize.get(instanceId) ?? 0);

  const heardMoves = (instanceId: string, text: string) => {
    const decoded = decodeSnapshot(text);
    if (!decoded || !service.instances.has(instanceId)) return;
    let known = remotes.get(instanceId);
    if (!known) remotes.set(instanceId, (known = new Map<number, Placed & { heardAt: number }>()));
    const now = Date.now();
    for (const state of decoded.avatars) {
      const entry = known.get(state.index);
      // Due in this process's next tick (which counts up first).
      if (entry) Object.assign(entry, { state, changedTick: tickCount + 1, heardAt: now });
      else
        known.set(state.index, {
          socketId: `remote:${state.index}`,
          state,
          changedTick: tickCount + 1,
          heardAt: now,
        });
    }
  };

  /**
   * Tells the other processes what moved in each crowded instance since they were last told. It
   * runs every `SHARE_MS`, not with the tick: a move then waits for this process's flush and the
   * viewer's process's tick, not for two ticks (sent with the tick, the near delay's p95 across
   * two processes was 104 ms at 200 avatars and 113 ms at 1,000, beside 63 and 73 on one).
   */
  const SHARE_MS = 16;
  const share = () => {
    const t = Date.now();
    for (const instance of service.instances.values()) {
      const moved: AvatarState[] = [];
      for (const m of instance.members.values()) {
        if (!m.unshared) continue;
        m.unshared = false;
        moved.push(m.state);
      }
      // Below the threshold the tick's snapshot reaches every process's viewers itself.
      const crowded = sizeOf(instance.id, instance.members.size) > WorldConstants.interestThreshold;
      if (moved.length === 0 || !crowded) continue;
      io?.serverSideEmit('world:moved', instance.id, snapshotText(encodeSnapshot(t, moved)));
    }
  };
  let shareTimer: NodeJS.Timeout | undefined;

  /** The other processes' avatars of `instanceId`, the long-silent ones forgotten. */
  const remoteOf = (instanceId: string, now: number): Placed[] => {
    const known = remotes.get(instanceId);
    if (!known) return [];
    for (const [index, entry] of known) {
      if (now - entry.heardAt > REMOTE_FORGET_MS) known.delete(index);
    }
    return [...known.values()];
  };

  /**
   * One tick: the changes go out as one binary snapshot for the whole instance, encoded once;
   * above the interest threshold each member gets its own, chosen by `Interest`'s three tiers
   * (near every tick, middle at 5 Hz, a sample of the far ones each second). Each process sends its
   * own visitors' changes; the adapter carries them to the instance's other processes.
   */
  function tick(): void {
    const t = Date.now();
    tickCount += 1;
    for (const instance of service.instances.values()) {
      const members = [...instance.members.values()];
      const moved = members.filter((m) => m.dirty);
      for (const m of moved) {
        m.changedTick = tickCount;
        m.dirty = false;
      }
      const others = directory.shared ? remoteOf(instance.id, t) : [];
      if (sizeOf(instance.id, members.length) <= WorldConstants.interestThreshold) {
        interests.delete(instance.id);
        if (moved.length === 0) continue;
        // The sender's own entry rides along; clients skip their own index.
        io?.to(instance.id).emit(
          'world:snapshot',
          snapshotText(
            encodeSnapshot(
              t,
              moved.map((m) => m.state),
            ),
          ),
        );
      } else {
        // Even a tick with no change sends: a middle or far tier may owe a viewer older ones.
        let interest = interests.get(instance.id);
        if (!interest) interests.set(instance.id, (interest = new Interest<Placed>()));
        interest.beginTick(others.length > 0 ? [...members, ...others] : members, tickCount);
        for (const viewer of members) {
          const { near, coarse } = interest.visibleSplit(viewer);
          // `local`: the viewer is this process's; without it the Redis adapter would publish
          // every viewer's own snapshot to every process. The middle and far tiers go coarse.
          if (near.length + coarse.length > 0)
            io?.local.to(viewer.socketId).emit(
              'world:snapshot',
              snapshotText(
                encodeSnapshot(
                  t,
                  near.map((m) => m.state),
                  coarse.map((m) => m.state),
                ),
              ),
            );
        }
      }
      if (moved.length > 0) directory.publish(instance.id, moved);
    }
    for (const id of interests.keys()) if (!service.instances.has(id)) interests.delete(id);
    for (const id of remotes.keys()) if (!service.instances.has(id)) remotes.delete(id);
  }

  return {
    feature,
    service,
    refused: () => refused,
    instances: () => directory.sizes(),
    positions: (instanceId) => directory.positions(instanceId),
    lookChanged(userId, code) {
      if (!redis) {
        applyLook(userId, code);
        return;
      }
      // Every process hears it, this one included, and changes the avatars it holds.
      redis.publish(lookChannel, JSON.stringify({ userId, code })).catch((err: unknown) => {
        log.error({ err }, 'world look change not shared');
      });
    },
    start(server) {
      io = server;
      if (redis) {
        const listener = redis.duplicate();
        lookListener = listener;
        listener.on('error', (err: unknown) => log.error({ err }, 'world look listener error'));
        listener
          .connect()
          .then(() =>
            listener.subscribe(lookChannel, (message) => {
              try {
                const { userId, code } = JSON.parse(message) as { userId: string; code: number };
                applyLook(userId, code);
              } catch (err) {
                log.error({ err }, 'world look change unreadable');
              }
            }),
          )
          .catch((err: unknown) => log.error({ err }, 'world look listener failed'));
      }
      // A dead process's visitors, reaped by whichever process noticed first: their avatars leave
      // every page, and every process's interest lets go of them now rather than after
      // `REMOTE_FORGET_MS` (till then they held near places of the viewers around them and kept
      // the instance counted as crowded).
      directory.start((instanceId, id, index) => {
        io?.to(instanceId).emit('world:left', { id });
        if (index < 0) return;
        remotes.get(instanceId)?.delete(index);
        shareGone(instanceId, index);
      });
      if (directory.shared) {
        server.on('world:moved', heardMoves);
        server.on('world:gone', (instanceId, index) => remotes.get(instanceId)?.delete(index));
        const readSizes = () =>
          directory.sizes().then(
            (sizes) => {
              campusSize.clear();
              for (const { instance, size } of sizes) campusSize.set(instance, size);
            },
            (err: unknown) => log.warn({ err }, 'world instance sizes unread'),
          );
        void readSizes();
        sizeTimer = setInterval(() => void readSizes(), 2000);
        shareTimer = setInterval(() => {
          try {
            share();
          } catch (err) {
            log.error({ err }, 'world moves not shared');
          }
        }, SHARE_MS);
      }
      timer = setInterval(() => {
        try {
          tick();
        } catch (err) {
          log.error({ err }, 'world tick failed');
        }
      }, 1000 / WorldConstants.sendHz);
    },
    async stop() {
      clearInterval(timer);
      clearInterval(sizeTimer);
      clearInterval(shareTimer);
      // A process shutting down says goodbye for its visitors before the campus stops hearing it.
      const local = directory.shared
        ? [...service.instances.values()].flatMap((i) => [...i.members.keys()])
        : [];
      await Promise.all(
        local.map(async (id) => {
          const member = await directory.leave(id);
          if (!member) return;
          io?.to(member.instanceId).emit('world:left', { id: member.state.id });
          forget(member);
        }),
      );
      await directory.stop();
      await lookListener?.quit().catch(() => undefined);
      lookListener = undefined;
    },
  };
}
