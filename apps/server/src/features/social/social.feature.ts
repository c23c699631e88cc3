import type { Feature } from '../feature.ts';
import { MemoryPresence, RedisPresence } from './social.presence.ts';
import type { PresenceStore } from './social.presence.ts';
import { SocialRepository } from './social.repository.ts';
import { socialRoutes } from './social.routes.ts';
import { SocialService } from './social.service.ts';
import { socialSocket } from './social.socket.ts';

/**
 * The social layer (issue 16): presence, friends, the inbox that carries calls, invites, action
 * requests and pings, notifications and blocks. Presence lives in Redis when `REDIS_URL` is set,
 * so every process agrees on who is online; without it, in this (single) process.
 */
export const socialFeature: Feature = {
  name: 'social',
  async register(app, deps) {
    const presence: PresenceStore = deps.redis
      ? new RedisPresence(deps.redis, {
          onError: (err) => app.log.error({ err }, 'presence heartbeat failed'),
        })
      : new MemoryPresence();
    let closing = false;
    const repo = new SocialRepository(deps.database.db);
    const service = new SocialService({
      repo,
      presence,
      limiter: deps.limiter,
      // Once the server is closing, nothing is sent: the Redis adapter may already be gone.
      io: () => (closing ? null : deps.io()),
      development: deps.config.NODE_ENV === 'development',
      callRooms: deps.callRooms,
      callRingMs: deps.config.CALL_RING_SECONDS * 1000,
    });
    app.decorate('social', { service, presence });
    deps.provide('social', { blockedEither: (userId) => repo.blockedEither(userId) });
    app.addHook('preClose', () => {
      closing = true;
      service.close();
      return presence.close();
    });
    await app.register(socialRoutes, { service });
    deps.socket(socialSocket(service, app.log));
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The social layer, for tests and benchmarks. */
    social: { service: SocialService; presence: PresenceStore };
  }
}
