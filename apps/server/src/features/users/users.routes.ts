import { AuthText, UsersApi } from '@atrium/protocol';
import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../http/auth-guard.ts';
import { serveRoute } from '../../http/route.ts';
import type { ProfileService } from './users.service.ts';

/** SPEC §7 `UsersApi` (`/api/user/*`). */
export function userRoutes(app: FastifyInstance, { profiles }: { profiles: ProfileService }): void {
  serveRoute(app, UsersApi.whoami, async (request) => ({
    status: true as const,
    data: await profiles.whoami(requireAccount(request)),
  }));

  serveRoute(app, UsersApi.update, async (request) => {
    const data = await profiles.updateUser(
      requireAccount(request),
      request.params.id,
      request.body,
    );
    return { status: true as const, message: AuthText.usernameUpdated, data };
  });
}
