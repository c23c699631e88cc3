import { z } from 'zod';
import { okEnvelope, okWith } from './envelope.ts';
import { RoleSchema } from './roles.ts';
import { isLineText, CONTROL_CHARACTERS_MESSAGE, lineText } from './text.ts';

/** Texts of the accounts feature. The spec's texts (SPEC §5, §8) are copied letter for letter. */
export const AuthText = {
  /** SPEC §8: token refresh failure. */
  sessionExpired: 'Please login back. Your session has been expired.',
  /** SPEC §5: new password and confirm differ. */
  passwordMismatch: 'New password and confirm password mismatched.',
  /** SPEC §8: update username answered without a message. */
  unableToUpdateUsername: 'Unable to update username.',
  /** SPEC §5: conference and other account-only features for guests. */
  registerRequired: 'You need to register before using this feature',
  invalidCredentials: 'Invalid username or password.',
  accountNotActivated:
    'Your account is not activated yet. Please use the link in the email we sent you.',
  accountDisabled: 'This account is disabled.',
  accountLocked: 'Too many failed logins. This account is locked for up to an hour.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  loggedIn: 'Welcome back!',
  /**
   * Guest entry. SPEC §8 has no text for it (its success messages are toasts, and its only guest
   * text is §6's warning before entry); a guest has never been here, so not "Welcome back!".
   */
  guestWelcome: 'Welcome! You are visiting as a guest.',
  loggedOut: 'You have been logged out.',
  registered: 'Your account has been created. Please check your email for the activation link.',
  usernameTaken: 'This username is already taken.',
  emailTaken: 'This email is already registered.',
  activated: 'Your account is now active. You can log in.',
  alreadyActive: 'Your account is already active. You can log in.',
  invalidToken: 'This link is invalid or has expired.',
  forgotSent:
    'If this email belongs to an account, we have sent it a link to choose a new password.',
  recovered: 'Your password has been changed. You can now log in.',
  commonPassword: 'This password is too common. Please choose another one.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  notSignedIn: 'Please log in to continue.',
  onlyYourself: 'You can only change your own account.',
  userNotFound: 'User not found.',
  usernameUpdated: 'Your profile has been updated.',
  guestWarning:
    'As a guest, your NFT wallet cannot be linked and your customised character cannot be saved.',
  providerUnknown: 'This sign-in provider is not configured.',
  providerFailed: 'Sign-in with this provider failed. Please try again.',
  /** Issue 29: the admin's sign-up policy (the form's text; the console's module reuses it). */
  signUpClosed: 'Sign-up is closed on this campus. Ask your school for an account.',
  /** Issue 29: a provider's first sign-in whose verified address is not at an allowed domain. */
  providerDomain:
    'Sign-up is open to some email domains only, and your provider did not give an address at one of them.',
  /** Issue 29: a banned account signs in through a provider (the code in the address says so). */
  providerBanned: 'This account is banned on this campus.',
} as const;

/**
 * Issue 29: how a provider sign-in ended, as the server's redirect tells the home page
 * (`/?signin=…`). A code, never a text: anyone can send a link with any address.
 */
export type ProviderSignIn = 'ok' | 'error' | 'closed' | 'domain' | 'banned';

/** What the home page says for each refused provider sign-in. */
export const ProviderSignInText: Readonly<Record<Exclude<ProviderSignIn, 'ok'>, string>> = {
  error: AuthText.providerFailed,
  closed: AuthText.signUpClosed,
  domain: AuthText.providerDomain,
  banned: AuthText.providerBanned,
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const UsernameSchema = lineText()
  .trim()
  .min(3, 'Username must be at least 3 characters.')
  .max(32, 'Username must be at most 32 characters.')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain letters, digits, dot, dash and underscore.');

export const EmailSchema = lineText().trim().max(254).pipe(z.email('Email is not valid.'));

export const PasswordSchema = lineText()
  .min(PASSWORD_MIN, AuthText.passwordTooShort)
  .max(PASSWORD_MAX, AuthText.passwordTooLong);

/** An absolute http(s) URL a client suggests for mailed links; the server checks its origin. */
const LinkUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine(isLineText, CONTROL_CHARACTERS_MESSAGE);

/** SPEC §7 `POST /api/auth`: username may also be the email. */
export const LoginRequestSchema = z.strictObject({
  username: lineText().trim().min(1, 'Username is required.').max(254),
  password: lineText().min(1, 'Password is required.').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** SPEC §3 "Current user", as the server returns it (the token lives in memory on the client). */
export const CurrentUserSchema = z
  .object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    status: z.number().int(),
    role: z.union([RoleSchema, z.literal('guest')]),
    role_label: z.string(),
    logged: z.boolean(),
    is_guest: z.boolean(),
    data: z.looseObject({}),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Answer of login, social login, guest entry and refresh. */
export const SessionResponseSchema = okWith({
  message: z.string(),
  token: z.string().min(1),
  data: CurrentUserSchema,
}).meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/**
 * SPEC §7 `POST /api/auth/register`: every form field by name plus activation_url. Without a
 * username the email is the username, and the home page then asks for one (update-username box).
 */
export const RegisterRequestSchema = z
  .strictObject({
    username: z.union([z.literal('').transform(() => undefined), UsernameSchema]).optional(),
    email: EmailSchema,
    password: PasswordSchema,
    repeat_password: lineText().max(PASSWORD_MAX),
    first_name: lineText().trim().max(100).optional(),
    last_name: lineText().trim().max(100).optional(),
    activation_url: LinkUrlSchema.optional(),
  })
  .refine((v) => v.password === v.repeat_password, {
    message: AuthText.passwordMismatch,
    path: ['repeat_password'],
  });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const ActivateRequestSchema = z.strictObject({ token: lineText().min(1).max(200) });

/**
 * SPEC §7: activation answers `result: OK`. A second click on the same link answers OK too, with
 * `already_active`, so the page can say so instead of failing.
 */
export const ActivateResponseSchema = okWith({
  result: z.literal('OK'),
  already_active: z.boolean(),
  message: z.string(),
});
export type ActivateResponse = z.infer<typeof ActivateResponseSchema>;

export const ForgotPasswordRequestSchema = z.strictObject({
  email: EmailSchema,
  recovery_url: LinkUrlSchema.optional(),
});

export const RecoverPasswordRequestSchema = z
  .strictObject({
    token: lineText().min(1).max(200),
    new_password: PasswordSchema,
    repeat_new_password: lineText().max(PASSWORD_MAX),
  })
  .refine((v) => v.new_password === v.repeat_new_password, {
    message: AuthText.passwordMismatch,
    path: ['repeat_new_password'],
  });

/** SPEC §3 "Who-am-I profile". */
export const WhoAmISchema = z
  .object({
    is_superadmin: z.boolean(),
    is_teacher: z.boolean(),
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    status: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string(),
    profile_picture: z.string(),
    description: z.string(),
    last_login: z.string().nullable(),
    role: RoleSchema,
    role_label: z.string(),
  })
  .meta({ id: 'WhoAmI' });
export type WhoAmI = z.infer<typeof WhoAmISchema>;

export const WhoAmIResponseSchema = okEnvelope(WhoAmISchema);

/** SPEC §7 `PATCH /api/user/{id}`: form username, email. */
export const UpdateUserRequestSchema = z
  .strictObject({ username: UsernameSchema.optional(), email: EmailSchema.optional() })
  .refine((v) => v.username !== undefined || v.email !== undefined, {
    message: 'Nothing to update.',
  });

export const UpdateUserResponseSchema = okWith({
  message: z.string(),
  data: CurrentUserSchema,
});

export const UserIdParamsSchema = z.strictObject({ id: z.uuid('User not found.') });

/** A configured sign-in provider (Google, Facebook, a school's identity provider). */
export const OidcProviderSchema = z.object({ id: z.string(), name: z.string() });
export const OidcProvidersResponseSchema = okEnvelope(z.array(OidcProviderSchema));
export type OidcProvider = z.infer<typeof OidcProviderSchema>;

/** `:provider` of the provider sign-in routes: a configured provider's id. */
export const OidcProviderParamsSchema = z.strictObject({
  provider: z.string().regex(/^[a-z0-9-]{1,32}$/),
});

/**
 * SPEC §7 `POST /api/auth/google` and `/api/auth/facebook`: the token travels as
 * `Authorization: Bearer`; the spec sends `type=facebook` in the body, and an empty POST body
 * arrives as null.
 */
export const ProviderTokenBodySchema = z
  .strictObject({ type: z.string().max(32).optional() })
  .nullish();
