import type { Feature } from '../feature.ts';
import { screenshotRoutes } from './screenshots.routes.ts';
import { userFileRoutes } from './user-files.routes.ts';

export const screenshotsFeature: Feature = {
  name: 'screenshots',
  async register(app, { config, database, limiter, tokens }) {
    await app.register(screenshotRoutes, {
      database,
      dataDir: config.dataDir,
      limiter,
      verifyToken: (t) => tokens.verify(t),
      publicUrl: config.publicUrl,
    });
    await app.register(userFileRoutes, { database, dataDir: config.dataDir, limiter });
  },
};
