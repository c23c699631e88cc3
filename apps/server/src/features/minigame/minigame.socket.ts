import { DartsModeSchema } from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from 'redis';
import type { AtriumServer, SocketFeature } from '../../realtime/realtime.ts';
import { LEADERBOARD_CHANNEL } from './minigame.service.ts';
import type { MinigameService } from './minigame.service.ts';

/** Darts matches between two people on the campus: invite, answer, throw and leave. */
export function minigameSocket(service: MinigameService): SocketFeature {
  return (_socket, on) => {
    on('darts:invite', (s, { username, mode }) => service.invite(s.data.auth, username, mode));
    on('darts:answer', (s, { matchId, accept }) => service.answer(s.data.auth, matchId, accept));
    on('darts:throw', (s, { matchId, aim }) => service.throwMatchDart(s.data.auth, matchId, aim));
    on('darts:leave', async (s, { matchId }) => ({
      left: await service.leave(s.data.auth, matchId),
    }));
  };
}

/**
 * Relays a leaderboard change published on Redis (by any process, or the admin CLI) to this
 * process's own sockets as `minigame:leaderboard`, so every board loads again.
 */
export function leaderboardRelay(
  redis: RedisClientType,
  log: FastifyBaseLogger,
  closing: () => boolean,
) {
  const listener = redis.duplicate();
  listener.on('error', (err: unknown) => log.error({ err }, 'leaderboard listener error'));
  return {
    start: (io: AtriumServer) => {
      listener
        .connect()
        .then(() =>
          listener.subscribe(LEADERBOARD_CHANNEL, (message) => {
            const mode = DartsModeSchema.safeParse(message);
            if (mode.success && !closing())
              io.local.emit('minigame:leaderboard', { mode: mode.data });
          }),
        )
        .catch((err: unknown) => log.error({ err }, 'leaderboard listener failed'));
    },
    stop: async () => {
      if (listener.isOpen) await listener.quit().catch(() => undefined);
    },
  };
}
