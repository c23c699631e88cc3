import type { Feature } from '../feature.ts';
import { SharesRepository } from './shares.repository.ts';
import { shareRoutes } from './shares.routes.ts';
import { SharesService } from './shares.service.ts';

/** Shares: embeddable worlds that anyone reads by id, managed by admins. */
export const sharesFeature: Feature = {
  name: 'shares',
  async register(app, { config, database, provide }) {
    const shares = new SharesService(new SharesRepository(database.db));
    // The web app's embed frame asks which sites may frame a share.
    provide('shares', { frameAncestors: (id) => shares.frameAncestors(id, config.allowedOrigins) });
    await app.register(shareRoutes, { shares });
  },
};
