import type { Feature } from '../feature.ts';
import { GameDataRepository } from './gamedata.repository.ts';
import { gameDataRoutes } from './gamedata.routes.ts';
import { GameDataService } from './gamedata.service.ts';

/** The mini games' per-user key/value store (issue 17, SPEC §7). */
export const gameDataFeature: Feature = {
  name: 'gamedata',
  async register(app, { database, limiter }) {
    const service = new GameDataService({
      repo: new GameDataRepository(database.db),
      limiter,
    });
    await app.register(gameDataRoutes, { service });
  },
};
