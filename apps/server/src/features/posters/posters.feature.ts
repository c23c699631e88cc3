import type { Feature } from '../feature.ts';
import { posterRoutes } from './posters.routes.ts';

export const postersFeature: Feature = {
  name: 'posters',
  async register(app, { database }) {
    await app.register(posterRoutes, { database });
  },
};
