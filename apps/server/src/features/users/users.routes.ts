import { AuthText, UsersApi } from '@atrium/protocol';
import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../http/auth-guard.ts';
import { serveRoute } from '../../http/route.ts';
import type { FeatureDeps } from '../feature.ts';

/** What the profile routes need of the accounts service, handed in through `register`. */
export type ProfileAccounts = Pick<FeatureDeps['auth'], 'whoami' | 'updateUser'>;

/** SPEC §7 `UsersApi` (`/api/user/*`). */
export function userRoutes(app: FastifyInstance, { auth }: { auth: ProfileAccounts }): void {
  serveRoute(app, UsersApi.whoami, async (request) => ({
    status: true as const,
    data: await auth.whoami(requireAccount(request)),
  }));

  serveRoute(app, UsersApi.update, async (request) => {
    const data = await auth.updateUser(requireAccount(request), request.params.id, request.body);
    return { status: true as const, message: AuthText.usernameUpdated, data };
  });
}
