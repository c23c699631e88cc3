import { PublicSetting } from '@atrium/protocol';
import type { Feature } from '../feature.ts';
import { settingsRoutes } from './settings.routes.ts';

export const settingsFeature: Feature = {
  name: 'settings',
  async register(app, { database, config }) {
    await app.register(settingsRoutes, {
      database,
      defaults: { [PublicSetting.homePage]: config.HOME_PAGE_URL ?? '/' },
    });
  },
};
