import { AuthText } from '@atrium/protocol';
import type { LimitSettings } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { readLimits } from '../settings/limit-settings.ts';
import { HOUR, MINUTE } from '../../lib/time.ts';

/**
 * The accounts feature's counters. They count only what an attacker gains from (guesses at a
 * password, mails sent, answers that tell an email has an account), never a plain registration
 * attempt, so a class behind one school address can sign itself up. The numbers are settings.
 */
export class AuthRateLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly db: AppDb,
  ) {}

  limits(): Promise<LimitSettings> {
    return readLimits(this.db);
  }

  /** One login from an address for a username; 429 above the per-minute limit. */
  async loginAttempt(ip: string, login: string, limits: LimitSettings): Promise<void> {
    const hit = await this.limiter.hit(`login:${ip}:${login.toLowerCase()}`, MINUTE);
    if (hit.count > limits.login_attempts_per_ip_per_minute) {
      throw tooManyRequests(AuthText.tooManyRequests);
    }
  }

  /** Whether an account (or unknown login) has failed too often this hour. */
  async accountLocked(lockKey: string, limits: LimitSettings): Promise<boolean> {
    return (await this.limiter.count(lockKey)) >= limits.login_failures_before_lock;
  }

  async loginFailed(lockKey: string): Promise<void> {
    await this.limiter.hit(lockKey, HOUR);
  }

  /** Counts an activation mail about to be sent; 429 above the per-address or per-recipient limit. */
  async registrationMail(ip: string, email: string): Promise<void> {
    const limits = await this.limits();
    const fromIp = await this.limiter.hit(`register-mail:${ip}`, HOUR);
    if (fromIp.count > limits.register_mails_per_ip_per_hour) {
      throw tooManyRequests(AuthText.tooManyRequests);
    }
    if (!(await this.recipientMail(email, limits))) throw tooManyRequests(AuthText.tooManyRequests);
  }

  /**
   * Counts a recovery request from an address, whether or not the email has an account, so
   * the answer tells nothing; 429 above the limit.
   */
  async recoveryRequest(ip: string): Promise<void> {
    const limits = await this.limits();
    if (
      (await this.limiter.hit(`recovery-mail:${ip}`, HOUR)).count >
      limits.recovery_mails_per_ip_per_hour
    ) {
      throw tooManyRequests(AuthText.tooManyRequests);
    }
  }

  /** Counts a mail to a recipient; false when the recipient has had enough mails this hour. */
  async recipientMail(email: string, limits?: LimitSettings): Promise<boolean> {
    const { mails_per_recipient_per_hour: max } = limits ?? (await this.limits());
    return (await this.limiter.hit(`mail-to:${email.toLowerCase()}`, HOUR)).count <= max;
  }

  /**
   * Counts an answer that an email is registered. Such answers let an address test emails, so
   * above the limit it gets 429 instead, which tells nothing.
   */
  async emailTakenAnswer(ip: string): Promise<void> {
    const limits = await this.limits();
    if (
      (await this.limiter.hit(`email-taken:${ip}`, HOUR)).count >
      limits.email_taken_answers_per_ip_per_hour
    ) {
      throw tooManyRequests(AuthText.tooManyRequests);
    }
  }
}
