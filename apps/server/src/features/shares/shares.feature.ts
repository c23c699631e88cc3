import type { Feature } from '../feature.ts';
import { SharesRepository } from './shares.repository.ts';
import { shareRoutes } from './shares.routes.ts';

export const sharesFeature: Feature = {
  name: 'shares',
  async register(app, { database }) {
    await app.register(shareRoutes, { repo: new SharesRepository(database.db) });
  },
};
