import type { RouteSpec } from '../http/route.ts';
import { AuthApi } from './auth.api.ts';
import { PostersApi } from './posters.api.ts';
import { UsersApi } from './users.api.ts';

export { AuthApi, AuthCookiePath } from './auth.api.ts';
export { PostersApi } from './posters.api.ts';
export { UsersApi } from './users.api.ts';

/**
 * Every HTTP route of the contract, by domain. The server registers each one (a test checks that
 * none is missing and that the server serves no other API path).
 */
export const ApiRoutes = {
  auth: AuthApi,
  posters: PostersApi,
  users: UsersApi,
} as const satisfies Record<string, Record<string, RouteSpec>>;
