import type { RouteSpec } from '../http/route.ts';
import { BalancingApi } from './balancing.api.ts';
import { PostersApi } from './posters.api.ts';
import { SettingsApi } from './settings.api.ts';
import { SystemApi } from './system.api.ts';

export { BalancingApi } from './balancing.api.ts';
export { PagesApi } from './pages.api.ts';
export { PostersApi } from './posters.api.ts';
export { SettingsApi } from './settings.api.ts';
export { API_DOCS_PATH, API_PREFIX, OperationsApi, SOCKET_PATH, SystemApi } from './system.api.ts';

/**
 * Every HTTP route of the contract, by domain. The server registers each one (a test checks that
 * none is missing and that the server serves no other API path).
 */
export const ApiRoutes = {
  system: SystemApi,
  settings: SettingsApi,
  balancing: BalancingApi,
  posters: PostersApi,
} as const satisfies Record<string, Record<string, RouteSpec>>;
