import type { Feature } from '../feature.ts';
import { systemRoutes } from './system.routes.ts';

export const systemFeature: Feature = {
  name: 'system',
  async register(app, { database }) {
    await app.register(systemRoutes, { database });
  },
};
