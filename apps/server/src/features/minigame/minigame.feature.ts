import type { Feature } from '../feature.ts';
import { MinigameRepository } from './minigame.repository.ts';
import { minigameRoutes } from './minigame.routes.ts';
import { MinigameService } from './minigame.service.ts';
import { leaderboardRelay, minigameSocket } from './minigame.socket.ts';

/**
 * Darts on the server (issues 17 and 27): games against the computer played here dart by dart,
 * the leaderboard per mode and its keeping by admins, matches between two people on the campus
 * (state in PostgreSQL, so players on two processes share one match) and the `minigame:winner`
 * announcement to everyone.
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
      redis: deps.redis,
      now: deps.now,
    });
    app.addHook('preClose', () => {
      closing = true;
    });
    await app.register(minigameRoutes, { service });
    deps.socket(minigameSocket(service));

    // A leaderboard change published by any process, or by the admin CLI.
    const relay = deps.redis && leaderboardRelay(deps.redis, app.log, () => closing);
    if (!relay) return;
    deps.whenRealtime(relay.start);
    app.addHook('onClose', relay.stop);
  },
};
