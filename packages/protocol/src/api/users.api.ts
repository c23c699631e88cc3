import { defineRoute } from '../http/route.ts';
import {
  UpdateUserRequestSchema,
  UpdateUserResponseSchema,
  UserIdParamsSchema,
  WhoAmIResponseSchema,
} from '../auth.ts';

const tags = ['user'] as const;

/** SPEC §7 `/api/user/*`: the signed-in account's profile. */
export const UsersApi = {
  whoami: defineRoute({
    method: 'GET',
    path: '/api/user/whoami',
    response: WhoAmIResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'The signed-in account',
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/user/:id',
    params: UserIdParamsSchema,
    body: UpdateUserRequestSchema,
    response: UpdateUserResponseSchema,
    tags,
    errors: [401, 403, 404, 409],
    summary: 'Change username or email (your own; any for admins)',
  }),
} as const;
