import type { Feature } from '../feature.ts';
import { MinigameRepository } from './minigame.repository.ts';
import { minigameRoutes } from './minigame.routes.ts';
import { MinigameService } from './minigame.service.ts';
import { minigameSocket } from './minigame.socket.ts';

/**
 * Issue 17's darts on the server: sessions whose darts are replayed here, the leaderboard per
 * mode, matches between two people on the campus (state in PostgreSQL, so players on two
 * processes share one match) and the `minigame:winner` announcement to everyone.
 */
export const minigameFeature: Feature = {
  name: 'minigame',
  async register(app, deps) {
    let closing = false;
    const service = new MinigameService({
      repo: new MinigameRepository(deps.database.db),
      limiter: deps.limiter,
      // Once the server is closing, nothing is sent: the Redis adapter may already be gone.
      io: () => (closing ? null : deps.io()),
    });
    app.addHook('preClose', () => {
      closing = true;
    });
    await app.register(minigameRoutes, { service });

    deps.socket(minigameSocket(service));
  },
};
