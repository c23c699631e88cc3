import path from 'node:path';
import type { Feature } from '../feature.ts';
import { posterRoutes } from './posters.routes.ts';

export const postersFeature: Feature = {
  name: 'posters',
  async register(app, { database, config }) {
    await app.register(posterRoutes, {
      database,
      filesDir: path.join(config.dataDir, 'files'),
    });
  },
};
