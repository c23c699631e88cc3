import { turnIceServers } from '../../media/turn.ts';
import type { Feature } from '../feature.ts';
import { createWorldVoice } from './world.voice.ts';
import { MemoryVoiceDirectory, RedisVoiceDirectory } from './world.voice-directory.ts';
import { lookSeed } from './world.service.ts';
import { createWorldRealtime, worldKeyPrefix } from './world.socket.ts';
import type { WorldRealtime } from './world.socket.ts';
import type { WorldVoice } from './world.voice.ts';

/**
 * The campus's live avatars (issues 5 and 13): joins, moves, emotes and snapshots on the main
 * socket. With Redis, instances and avatar indexes are decided there for every process.
 */
export const worldFeature: Feature = {
  name: 'world',
  async register(app, deps) {
    const keyPrefix = worldKeyPrefix(deps.config.REDIS_CHANNEL);
    const world = createWorldRealtime(
      deps.config.WORLD_INSTANCE_CAPACITY,
      app.log,
      async (id) => (await deps.authRepo.findUserById(id))?.username,
      deps.redis,
      // Each account wears the look it saved in the character customiser.
      (id) => deps.character.wornLook(id),
      // A socket leaving its instance leaves its voice (called only once both exist).
      (socketId) => {
        void voice
          .leave(socketId)
          .catch((err: unknown) => app.log.warn({ err }, 'voice leave failed'));
      },
      keyPrefix,
    );
    // Issue 30 §2: proximity voice, on the classroom's Janus when there is one.
    const voice = createWorldVoice({
      service: world.service,
      positions: (instanceId) => world.positions(instanceId),
      media: () => deps.media(),
      secret: deps.jwtSecret,
      directory: deps.redis
        ? new RedisVoiceDirectory(deps.redis, keyPrefix)
        : new MemoryVoiceDirectory(),
      log: app.log,
      blockedEither: (userId) => deps.social.blockedEither(userId),
      iceServers: (userId) => turnIceServers(deps.config, userId),
    });
    deps.provide('world', {
      lookSeed,
      lookChanged: (userId, code) => world.lookChanged(userId, code),
      instances: () => world.instances(),
    });
    deps.socket(world.feature);
    deps.socket(voice.feature);
    deps.whenRealtime((io) => {
      world.start(io);
      voice.start(io);
    });
    // Before the socket server closes (app.ts's own preClose runs after this one).
    app.addHook('preClose', async () => {
      await voice.stop();
      await world.stop();
    });
    app.decorate('world', world);
    app.decorate('worldVoice', voice);
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The live world, for tests (its refused moves). */
    world: WorldRealtime;
    /** The world's proximity voice, for tests. */
    worldVoice: WorldVoice;
  }
}
