import { randomUUID } from 'node:crypto';
import { AdminText, adminText, AuthText, untilText } from '@atrium/protocol';
import type { CurrentUser, RegisterRequest } from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import {
  badRequest,
  conflict,
  forbidden,
  tooManyRequests,
  unauthorized,
} from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { linkMail } from '../../mail/mailer.ts';
import type { SessionGate } from '../../moderation/session-gate.ts';
import { readAccessPolicy, refuseSignUp } from '../../settings/access-policy.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashPassword, verifyPassword } from '../../accounts/password.ts';
import { UsersRepository } from '../../accounts/users.repository.ts';
import { UserStatus } from '../../accounts/users.service.ts';
import { toCurrentUser } from '../../accounts/user-views.ts';
import type { AuthRepository } from '../../accounts/auth.repository.ts';
import { AuthRateLimits } from './auth-rate-limits.ts';
import { isCommonPassword } from './password-policy.ts';
import { hashToken, randomToken } from '../../security/access-tokens.ts';
import type { AccessTokens } from '../../security/access-tokens.ts';
import { DAY, HOUR } from '../../lib/time.ts';

/** Lifetimes of tokens; the rate limits are admin settings (see AuthRateLimits). */
export const AuthLimits = {
  activationTtlMs: 48 * HOUR,
  recoveryTtlMs: 1 * HOUR,
  refreshTtlMs: 30 * DAY,
  /**
   * How long a rotated refresh token is answered again. A page that navigates while its refresh
   * is in flight loses the answer (the browser aborts it after the server rotated), and the next
   * page presents the old cookie: without this leeway that signed the user out (seen in e2e and
   * reproduced in Chromium: 2 of 12 navigations about 5 s after a page load, when its first
   * refresh runs). Past it, a reuse revokes the family as before (as Auth0's reuse interval and
   * Okta's grace period do).
   */
  refreshReuseGraceMs: 10_000,
} as const;

export interface Session {
  token: string;
  refreshToken?: string;
  user: CurrentUser;
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  tokens: AccessTokens;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Origins allowed for links in mails (PUBLIC_URL plus ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Issue 29: bans in force (an account's, a guest network address's). */
  gate?: Pick<SessionGate, 'activeBan' | 'addressBanned'>;
  now?: () => Date;
}

/** How long after a forgot-password answer its lookup and mail begin (see `forgotPassword`). */
const RECOVERY_START_DELAY_MS = 25;

/** Account rules: login, registration, activation, recovery, sessions, profile. */
/** An account id as the cookie should carry it (anything else is ignored, not queried). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class AuthService {
  private readonly now: () => Date;
  private dummyHash: Promise<string> | undefined;
  private readonly background = new Set<Promise<void>>();
  private readonly limits: AuthRateLimits;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.limits = new AuthRateLimits(deps.limiter, deps.repo.db);
  }

  /** Resolves when mail work started in the background (forgot-password) has finished. */
  async flush(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  async login(login: string, password: string, ip: string): Promise<Session> {
    const { repo } = this.deps;
    const limits = await this.limits.limits();
    await this.limits.loginAttempt(ip, login, limits);

    const user = await repo.findUserByLogin(login);
    const lockKey = `login-fail:${user?.id ?? login.toLowerCase()}`;
    const lockedForMs = await this.limits.accountLocked(lockKey, limits);
    if (lockedForMs > 0) throw tooManyRequests(AuthText.accountLocked, lockedForMs);
    // An unknown user costs one argon2 verification too, so timing does not tell them apart.
    const hash = user?.passwordHash ?? (await this.getDummyHash());
    const valid = await verifyPassword(hash, password);
    if (!user || !user.passwordHash || !valid) {
      await this.limits.loginFailed(lockKey, limits);
      throw unauthorized(AuthText.invalidCredentials);
    }
    if (user.status === UserStatus.pending) throw unauthorized(AuthText.accountNotActivated);
    if (user.status !== UserStatus.active) throw forbidden(AuthText.accountDisabled);
    const updated = (await repo.updateUser(user.id, { lastLogin: this.now() })) ?? user;
    return this.startSession(updated);
  }

  /** Starts a new refresh family for a user who just proved who they are. */
  async startSession(user: UserRow): Promise<Session> {
    await this.refuseBanned(user.id);
    const refreshToken = randomToken();
    await this.deps.repo.insertRefreshToken({
      userId: user.id,
      familyId: randomUUID(),
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(this.now().getTime() + AuthLimits.refreshTtlMs),
    });
    const wallet = await this.deps.repo.findWalletLink(user.id);
    return { token: await this.signFor(user), refreshToken, user: toCurrentUser(user, wallet) };
  }

  /** Rotates a refresh token. A token used twice revokes its whole family. */
  async refresh(refreshToken: string | undefined): Promise<Session> {
    if (!refreshToken) throw unauthorized(AuthText.sessionExpired);
    const { repo } = this.deps;
    const now = this.now();
    const row = await repo.findRefreshToken(hashToken(refreshToken));
    if (!row) throw unauthorized(AuthText.sessionExpired);
    const firstUse =
      !row.usedAt && !row.revokedAt && (await repo.markRefreshTokenUsed(row.id, now));
    if (!firstUse) {
      // Used before: by this session moments ago (an answer lost to a navigation, or two tabs at
      // once), or by someone replaying a stolen cookie later.
      const current = row.usedAt ? row : await repo.findRefreshToken(hashToken(refreshToken));
      const usedAt = current?.usedAt;
      const lostAnswer =
        !current?.revokedAt &&
        usedAt != null &&
        now.getTime() - usedAt.getTime() < AuthLimits.refreshReuseGraceMs;
      if (!lostAnswer) {
        await repo.revokeFamily(row.familyId, now);
        this.deps.log.warn({ userId: row.userId }, 'refresh token reused; family revoked');
        throw unauthorized(AuthText.sessionExpired);
      }
    }
    if (row.expiresAt <= now) throw unauthorized(AuthText.sessionExpired);
    const user = await repo.findUserById(row.userId);
    if (!user || user.status !== UserStatus.active || (await this.deps.gate?.activeBan(user.id))) {
      await repo.revokeFamily(row.familyId, now);
      throw unauthorized(AuthText.sessionExpired);
    }
    const next = randomToken();
    await repo.insertRefreshToken({
      userId: user.id,
      familyId: row.familyId,
      tokenHash: hashToken(next),
      expiresAt: new Date(now.getTime() + AuthLimits.refreshTtlMs),
    });
    const wallet = await repo.findWalletLink(user.id);
    return {
      token: await this.signFor(user),
      refreshToken: next,
      user: toCurrentUser(user, wallet),
    };
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const row = await this.deps.repo.findRefreshToken(hashToken(refreshToken));
    if (row) await this.deps.repo.revokeFamily(row.familyId, this.now());
  }

  /**
   * A guest session: no account, a longer-lived token, no refresh. Refused when guests are off,
   * from a banned network address, and to a browser whose last account is banned (issue 29).
   */
  async guest(ip?: string, lastAccount?: string): Promise<Session> {
    if (!(await readAccessPolicy(this.deps.repo.db)).guests) {
      throw forbidden(AdminText.guestsClosed);
    }
    if (ip && (await this.deps.gate?.addressBanned(ip))) {
      throw forbidden(AdminText.networkBanned);
    }
    if (lastAccount && UUID.test(lastAccount) && (await this.deps.gate?.activeBan(lastAccount))) {
      throw forbidden(AdminText.browserBanned);
    }
    const id = randomUUID();
    const username = `Guest-${id.slice(0, 4).toUpperCase()}`;
    const token = await this.deps.tokens.sign({ sub: `guest:${id}`, username, role: 'guest' });
    return {
      token,
      user: {
        _id: `guest:${id}`,
        username,
        email: '',
        status: -1,
        role: 'guest',
        role_label: 'Guest',
        logged: true,
        is_guest: true,
        data: {},
      },
    };
  }

  /**
   * Creates a pending account and mails its activation link. Only the mail is limited (per
   * address and per recipient): a refused attempt costs no mail and no password hash.
   */
  async register(input: RegisterRequest, ip: string): Promise<void> {
    const { repo, mailer } = this.deps;
    // Issue 29: the admin's sign-up policy comes first; a closed campus costs nothing more.
    refuseSignUp(await readAccessPolicy(repo.db), input.email);
    if (isCommonPassword(input.password)) throw badRequest(AuthText.commonPassword);
    const link = this.linkBase(input.activation_url, '/metaverse/index.html');
    const username = input.username ?? input.email;
    const taken = await this.taken(repo, username, input.email);
    if (taken === 'email') {
      await this.limits.emailTakenAnswer(ip);
      throw conflict(AuthText.emailTaken);
    }
    if (taken === 'username') throw conflict(AuthText.usernameTaken);
    await this.limits.registrationMail(ip, input.email);
    const passwordHash = await hashPassword(input.password);
    const token = randomToken();

    await repo.db.transaction(async (tx) => {
      const r = repo.with(tx);
      // Again inside the transaction, for a registration of the same name that raced this one.
      const raced = await this.taken(r, username, input.email);
      if (raced) throw conflict(raced === 'email' ? AuthText.emailTaken : AuthText.usernameTaken);
      const user = await new UsersRepository(tx).insert({
        username,
        email: input.email,
        passwordHash,
        role: 'member',
        status: UserStatus.pending,
        firstName: input.first_name ?? '',
        lastName: input.last_name ?? '',
      });
      await r.insertUserToken(
        user.id,
        'activation',
        hashToken(token),
        new Date(this.now().getTime() + AuthLimits.activationTtlMs),
      );
      link.searchParams.set('token', token);
      // Sent inside the transaction: if the mail cannot be sent, no account is left half-created.
      await mailer.send(
        linkMail(
          user.email,
          'Activate your Atrium account',
          `Welcome to Atrium, ${user.username}! Please confirm your email address to activate your account.`,
          'Activate my account',
          link.toString(),
        ),
        tx,
      );
    });
  }

  /**
   * The email is checked first: with the username left blank the email is the username, and
   * the visitor must hear that the email is registered, not that a username is taken.
   */
  private async taken(
    r: AuthRepository,
    username: string,
    email: string,
  ): Promise<'email' | 'username' | null> {
    if (await r.emailTaken(email)) return 'email';
    if (await r.usernameTaken(username)) return 'username';
    return null;
  }

  /**
   * Activates the account of a mailed token. A token that was already used for an account that
   * is now active answers `alreadyActive` (a second click on the link); only the holder of the
   * mailed token can learn that. Unknown, expired or other tokens stay invalid.
   */
  async activate(token: string): Promise<{ alreadyActive: boolean }> {
    const { repo } = this.deps;
    const tokenHash = hashToken(token);
    return repo.db.transaction(async (tx) => {
      const r = repo.with(tx);
      const userId = await r.consumeUserToken('activation', tokenHash, this.now());
      if (userId) {
        const user = await r.findUserById(userId);
        if (user?.status === UserStatus.pending) {
          await r.updateUser(userId, { status: UserStatus.active });
        }
        return { alreadyActive: false };
      }
      const usedBy = await r.findUsedTokenUser('activation', tokenHash);
      const user = usedBy ? await r.findUserById(usedBy) : undefined;
      if (user?.status === UserStatus.active) return { alreadyActive: true };
      throw badRequest(AuthText.invalidToken);
    });
  }

  /**
   * Always answers the same, at once: the lookup, token and mail happen in the background, so
   * neither the answer nor its timing tells whether the email has an account.
   */
  async forgotPassword(email: string, recoveryUrl: string | undefined, ip: string): Promise<void> {
    await this.limits.recoveryRequest(ip);
    const link = this.linkBase(recoveryUrl, '/metaverse/forgot.html');
    // The work starts once the answer is out: begun at once, an embedded database's first query
    // (PGlite runs on this thread) delayed the answer for a known address only, 3.6 times the
    // unknown's time in a loaded CI run.
    const task = new Promise<void>((resolve) => setTimeout(resolve, RECOVERY_START_DELAY_MS))
      .then(() => this.sendRecovery(email, link))
      .catch((err: unknown) => {
        this.deps.log.error({ err }, 'sending the recovery mail failed');
      });
    this.background.add(task);
    void task.finally(() => this.background.delete(task));
  }

  private async sendRecovery(email: string, link: URL): Promise<void> {
    const { repo, mailer } = this.deps;
    const user = await repo.findUserByEmail(email);
    if (!user || user.status === UserStatus.disabled) return;
    // Over the recipient's limit the mail is dropped quietly: a 429 would tell the email exists.
    if (!(await this.limits.recipientMail(user.email))) {
      this.deps.log.info({ userId: user.id }, 'recovery mail not sent: recipient limit reached');
      return;
    }
    const token = randomToken();
    link.searchParams.set('token', token);
    await repo.db.transaction(async (tx) => {
      await repo
        .with(tx)
        .insertUserToken(
          user.id,
          'recovery',
          hashToken(token),
          new Date(this.now().getTime() + AuthLimits.recoveryTtlMs),
        );
      await mailer.send(
        linkMail(
          user.email,
          'Choose a new Atrium password',
          `Someone asked to reset the password of the Atrium account ${user.username}. The link works once, for one hour.`,
          'Choose a new password',
          link.toString(),
        ),
        tx,
      );
    });
  }

  async recoverPassword(token: string, newPassword: string): Promise<void> {
    if (isCommonPassword(newPassword)) throw badRequest(AuthText.commonPassword);
    const passwordHash = await hashPassword(newPassword);
    const { repo } = this.deps;
    await repo.db.transaction(async (tx) => {
      const r = repo.with(tx);
      const userId = await r.consumeUserToken('recovery', hashToken(token), this.now());
      if (!userId) throw badRequest(AuthText.invalidToken);
      const user = await r.findUserById(userId);
      if (!user) throw badRequest(AuthText.invalidToken);
      // The mail proved the address, so a pending account becomes active too.
      const status = user.status === UserStatus.pending ? UserStatus.active : user.status;
      await r.updateUser(userId, { passwordHash, status });
      await r.revokeAllForUser(userId, this.now());
    });
  }

  private signFor(user: UserRow): Promise<string> {
    return this.deps.tokens.sign({ sub: user.id, username: user.username, role: user.role });
  }

  /**
   * The link base for a mail: the client's URL when its origin is allowed, else our own page.
   * A foreign origin is ignored rather than refused, so a visitor who opened the site under
   * another name (127.0.0.1 instead of localhost) still gets a working link to PUBLIC_URL.
   */
  private linkBase(clientUrl: string | undefined, defaultPath: string): URL {
    const fallback = new URL(defaultPath, this.deps.publicUrl);
    if (clientUrl === undefined) return fallback;
    const url = new URL(clientUrl);
    if (!this.deps.allowedOrigins.includes(url.origin)) {
      this.deps.log.warn(
        { origin: url.origin },
        'ignored a mail link on an origin that is not allowed',
      );
      return fallback;
    }
    url.search = '';
    url.hash = '';
    return url;
  }

  /** A banned account starts no session (password, provider or wallet alike): 403 with the end. */
  private async refuseBanned(userId: string): Promise<void> {
    const ban = await this.deps.gate?.activeBan(userId);
    if (!ban) return;
    throw forbidden(
      ban.until
        ? adminText(AdminText.youAreBanned, { until: untilText(ban.until) })
        : AdminText.youAreBannedForGood,
    );
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomToken());
    return this.dummyHash;
  }
}
