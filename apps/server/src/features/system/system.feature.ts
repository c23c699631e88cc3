import type { Feature } from '../feature.ts';
import { systemRoutes } from './system.routes.ts';
import { SystemService } from './system.service.ts';

export const systemFeature: Feature = {
  name: 'system',
  async register(app, { database }) {
    await app.register(systemRoutes, { service: new SystemService(database) });
  },
};
