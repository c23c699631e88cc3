import type { Feature } from '../feature.ts';
import { lookSeed } from './world.service.ts';
import { createWorldRealtime } from './world.socket.ts';
import type { WorldRealtime } from './world.socket.ts';

/**
 * The campus's live avatars (issues 5 and 13): joins, moves, emotes and snapshots on the main
 * socket. With Redis, instances and avatar indexes are decided there for every process.
 */
export const worldFeature: Feature = {
  name: 'world',
  async register(app, deps) {
    const world = createWorldRealtime(
      deps.config.WORLD_INSTANCE_CAPACITY,
      app.log,
      async (id) => (await deps.authRepo.findUserById(id))?.username,
      deps.redis,
      // Each account wears the look it saved in the character customiser.
      (id) => deps.character.wornLook(id),
    );
    deps.provide('world', {
      lookSeed,
      lookChanged: (userId, code) => world.lookChanged(userId, code),
      instances: () => world.instances(),
    });
    deps.socket(world.feature);
    deps.whenRealtime((io) => world.start(io));
    // Before the socket server closes (app.ts's own preClose runs after this one).
    app.addHook('preClose', () => world.stop());
    app.decorate('world', world);
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The live world, for tests (its refused moves). */
    world: WorldRealtime;
  }
}
