import type { Feature } from '../feature.ts';
import { eventsRoutes } from './events.routes.ts';

export const eventsFeature: Feature = {
  name: 'events',
  async register(app, { database, limiter }) {
    await app.register(eventsRoutes, { database, limiter });
  },
};
