import type { Feature } from '../feature.ts';
import { userRoutes } from './users.routes.ts';
import { ProfileService } from './users.service.ts';

export const usersFeature: Feature = {
  name: 'users',
  async register(app, { authRepo }) {
    userRoutes(app, { profiles: new ProfileService(authRepo) });
  },
};
