import type { Feature } from '../feature.ts';
import { MemoryPresence, RedisPresence } from './social.presence.ts';
import type { PresenceStore } from './social.presence.ts';
import { SocialRepository } from './social.repository.ts';
import { socialRoutes } from './social.routes.ts';
import { SocialService } from './social.service.ts';

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
    const service = new SocialService({
      repo: new SocialRepository(deps.database.db),
      presence,
      limiter: deps.limiter,
      // Once the server is closing, nothing is sent: the Redis adapter may already be gone.
      io: () => (closing ? null : deps.io()),
      development: deps.config.NODE_ENV === 'development',
      callRooms: deps.callRooms,
    });
    app.decorate('social', { service, presence });
    app.addHook('preClose', () => {
      closing = true;
      return presence.close();
    });
    await app.register(socialRoutes, { service });

    deps.socket((socket, on) => {
      const claims = socket.data.auth;
      // Guests and anonymous sockets are not on anyone's list (SPEC §6): no presence for them.
      let opened: Promise<void> = Promise.resolve();
      if (claims && claims.role !== 'guest') {
        opened = service.connected(claims, socket.id).then(
          (waiting) => {
            // SPEC §4: a recipient who comes back within the hour gets each message, in order.
            for (const message of waiting) socket.emit('social:message', message);
          },
          (err: unknown) => app.log.error({ err }, 'presence connect failed'),
        );
        socket.on('disconnect', () => {
          void opened
            .then(() => service.disconnected(claims, socket.id))
            .catch((err: unknown) => app.log.warn({ err }, 'presence disconnect failed'));
        });
      }
      on('social:call', async (s, { username }) => ({
        message: await service.send(s.data.auth, username, { inbox: 'CallUser', type: 'call' }),
      }));
      on('social:invite', async (s, { username, channel }) => ({
        message: await service.send(s.data.auth, username, {
          inbox: 'InviteUser',
          type: 'invite',
          channel,
        }),
      }));
      on('social:request-action', async (s, { username, action }) => ({
        message: await service.send(s.data.auth, username, {
          inbox: 'RequestUser',
          type: 'request-action',
          action,
        }),
      }));
      on('social:ping', async (s, { username }) => ({
        message: await service.send(s.data.auth, username, { inbox: 'PingUser', type: 'ping' }),
      }));
      on('social:answer', (s, { inbox, accept, position }) =>
        service.answer(s.data.auth, inbox, accept, position),
      );
      on('social:inbox', async (s) => {
        await opened;
        return { messages: await service.pending(s.data.auth) };
      });
    });
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The social layer, for tests and benchmarks. */
    social: { service: SocialService; presence: PresenceStore };
  }
}
