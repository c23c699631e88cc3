import type { Feature } from '../feature.ts';
import { adminRoutes } from './admin.routes.ts';
import { AdminService } from './admin.service.ts';

/**
 * Issue 29: the admin console's API (people, the audit log, reports and sanctions). Every route
 * but a member's report answers 404 to anyone not an admin.
 */
export const adminFeature: Feature = {
  name: 'admin',
  async register(app, deps) {
    adminRoutes(app, new AdminService(deps));
  },
};
