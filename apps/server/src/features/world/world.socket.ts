import { encodeSnapshot, roleLabels, SocketText, WorldConstants } from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@atrium/protocol';
import { AppError } from '../../http/errors.ts';
import type { AtriumServer, SocketFeature } from '../../realtime/realtime.ts';
import { lookSeed, visibleChanges, WorldService } from './world.service.ts';

export interface WorldRealtime {
  feature: SocketFeature;
  service: WorldService;
  /** Moves refused since start (rate, speed, walls), for metrics and tests. */
  readonly refused: () => number;
  start(io: AtriumServer): void;
  stop(): void;
}

const fail = (message: string) => new AppError(400, ErrorCode.validation, message);

/** The account's username now; a token keeps the one it was signed with until it rotates. */
export type CurrentUsername = (userId: string) => Promise<string | undefined>;
const EMOTE_COOLDOWN_MS = 400;

/** Live avatars: join, validated moves, emotes, and snapshots at the send rate. */
export function createWorldRealtime(
  capacity: number,
  log: FastifyBaseLogger,
  currentUsername: CurrentUsername = () => Promise.resolve(undefined),
): WorldRealtime {
  const service = new WorldService(capacity);
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  let io: AtriumServer | undefined;
  const lastEmote = new Map<string, number>();

  const feature: SocketFeature = (socket, on) => {
    on('world:join', async (s, { world, location }) => {
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
        await s.leave(previous.instanceId);
        s.to(previous.instanceId).emit('world:left', { id: previous.state.id });
      }
      const roleLabel = auth.role === 'guest' ? 'Guest' : roleLabels[auth.role];
      const member = service.join(
        s.id,
        world,
        { id: s.id, username, roleLabel, look: lookSeed(auth.sub) },
        location,
      );
      await s.join(member.instanceId);
      s.to(member.instanceId).emit('world:joined', member.state);
      const others = [...(service.instances.get(member.instanceId)?.members.values() ?? [])]
        .filter((m) => m.socketId !== s.id)
        .map((m) => m.state);
      return { instanceId: member.instanceId, self: member.state, others };
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
      const member = service.leave(s.id);
      if (member) {
        await s.leave(member.instanceId);
        s.to(member.instanceId).emit('world:left', { id: member.state.id });
      }
      return {};
    });

    socket.on('disconnect', () => {
      lastEmote.delete(socket.id);
      const member = service.leave(socket.id);
      if (member) io?.to(member.instanceId).emit('world:left', { id: member.state.id });
    });
  };

  /**
   * One tick: the changes go out as one binary snapshot for the whole instance, encoded once;
   * above the interest threshold each member gets its own, with nearby avatars only.
   */
  function tick(): void {
    const t = Date.now();
    for (const instance of service.instances.values()) {
      const members = [...instance.members.values()];
      if (!members.some((m) => m.dirty)) continue;
      if (members.length <= WorldConstants.interestThreshold) {
        // The sender's own entry rides along; clients skip their own index.
        io?.to(instance.id).emit(
          'world:snapshot',
          encodeSnapshot(
            t,
            members.filter((m) => m.dirty).map((m) => m.state),
          ),
        );
      } else {
        for (const viewer of members) {
          const avatars = visibleChanges(
            viewer,
            members,
            WorldConstants.interestThreshold,
            WorldConstants.interestRadius,
            members.length,
          );
          if (avatars.length > 0)
            io?.to(viewer.socketId).emit('world:snapshot', encodeSnapshot(t, avatars));
        }
      }
      for (const m of members) m.dirty = false;
    }
  }

  return {
    feature,
    service,
    refused: () => refused,
    start(server) {
      io = server;
      timer = setInterval(() => {
        try {
          tick();
        } catch (err) {
          log.error({ err }, 'world tick failed');
        }
      }, 1000 / WorldConstants.sendHz);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
