import type { Feature } from '../feature.ts';
import { userRoutes } from './users.routes.ts';

export const usersFeature: Feature = {
  name: 'users',
  async register(app, { auth }) {
    userRoutes(app, { auth });
  },
};
