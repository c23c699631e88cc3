import type { RouteSpec } from '../http/route.ts';
import { PostersApi } from './posters.api.ts';

export { PostersApi } from './posters.api.ts';

/**
 * Every HTTP route of the contract, by domain. The server registers each one (a test checks that
 * none is missing and that the server serves no other API path).
 */
export const ApiRoutes = {
  posters: PostersApi,
} as const satisfies Record<string, Record<string, RouteSpec>>;
