import type { Feature } from '../feature.ts';
import { shareRoutes } from './shares.routes.ts';

export const sharesFeature: Feature = {
  name: 'shares',
  async register(app, { sharesRepo }) {
    await app.register(shareRoutes, { repo: sharesRepo });
  },
};
