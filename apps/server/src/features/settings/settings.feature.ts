import type { Feature } from '../feature.ts';
import { settingsRoutes } from './settings.routes.ts';

export const settingsFeature: Feature = {
  name: 'settings',
  async register(app, { database }) {
    await app.register(settingsRoutes, { database });
  },
};
