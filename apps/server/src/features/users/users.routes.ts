import {
  FailureSchema,
  AuthText,
  UpdateUserRequestSchema,
  UpdateUserResponseSchema,
  UserIdParamsSchema,
  WhoAmIResponseSchema,
} from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../http/auth-guard.ts';
import type { AuthService } from '../auth/auth.service.ts';

const failures = {
  400: FailureSchema,
  401: FailureSchema,
  403: FailureSchema,
  404: FailureSchema,
  409: FailureSchema,
};

/** SPEC §7 `/api/user/*`. */
export const userRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.get(
    '/user/whoami',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in account',
        response: { 200: WhoAmIResponseSchema, ...failures },
      },
    },
    async (request) => ({
      status: true as const,
      data: await auth.whoami(requireAccount(request)),
    }),
  );

  app.patch(
    '/user/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'Change username or email (your own; any for admins)',
        params: UserIdParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: UpdateUserResponseSchema, ...failures },
      },
    },
    async (request) => {
      const data = await auth.updateUser(requireAccount(request), request.params.id, request.body);
      return { status: true as const, message: AuthText.usernameUpdated, data };
    },
  );
};
