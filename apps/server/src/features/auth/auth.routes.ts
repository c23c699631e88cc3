import {
  ActivateRequestSchema,
  ActivateResponseSchema,
  AuthText,
  FailureSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  OkMessageSchema,
  RecoverPasswordRequestSchema,
  RegisterRequestSchema,
  SessionResponseSchema,
} from '@atrium/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service.ts';
import { readCookie } from '../../http/cookies.ts';
import { REFRESH_COOKIE } from './session-cookie.ts';
import type { SessionCookies } from './session-cookie.ts';

const failures = {
  400: FailureSchema,
  401: FailureSchema,
  403: FailureSchema,
  409: FailureSchema,
  429: FailureSchema,
};

export interface AuthRoutesOptions {
  auth: AuthService;
  cookies: SessionCookies;
}

/** SPEC §7 `/api/auth*`: thin handlers over AuthService. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, cookies },
) => {
  app.post(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with username (or email) and password',
        body: LoginRequestSchema,
        response: { 200: SessionResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const session = await auth.login(request.body.username, request.body.password, request.ip);
      return cookies.send(reply, session, AuthText.loggedIn);
    },
  );

  app.post(
    '/auth/guest',
    {
      schema: {
        tags: ['auth'],
        summary: 'Enter as a guest',
        response: { 200: SessionResponseSchema },
      },
    },
    async (_request, reply) => cookies.send(reply, await auth.guest(), AuthText.loggedIn),
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh cookie and get a new access token',
        response: { 200: SessionResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      try {
        const session = await auth.refresh(readCookie(request, REFRESH_COOKIE));
        return cookies.send(reply, session, AuthText.loggedIn);
      } catch (err) {
        cookies.clear(reply);
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the refresh cookie',
        response: { 200: OkMessageSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(readCookie(request, REFRESH_COOKIE));
      cookies.clear(reply);
      return { status: true as const, message: AuthText.loggedOut };
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and mail its activation link',
        body: RegisterRequestSchema,
        response: { 200: OkMessageSchema, ...failures },
      },
    },
    async (request) => {
      await auth.register(request.body, request.ip);
      return { status: true as const, message: AuthText.registered };
    },
  );

  app.post(
    '/auth/activate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Activate an account with the mailed token',
        body: ActivateRequestSchema,
        response: { 200: ActivateResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { alreadyActive } = await auth.activate(request.body.token);
      return {
        status: true as const,
        result: 'OK' as const,
        already_active: alreadyActive,
        message: alreadyActive ? AuthText.alreadyActive : AuthText.activated,
      };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password recovery link (same answer for unknown emails)',
        body: ForgotPasswordRequestSchema,
        response: { 200: OkMessageSchema, ...failures },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, request.body.recovery_url, request.ip);
      return { status: true as const, message: AuthText.forgotSent };
    },
  );

  app.post(
    '/auth/recover-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed token',
        body: RecoverPasswordRequestSchema,
        response: { 200: OkMessageSchema, ...failures },
      },
    },
    async (request) => {
      await auth.recoverPassword(request.body.token, request.body.new_password);
      return { status: true as const, message: AuthText.recovered };
    },
  );
};
