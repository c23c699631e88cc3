import { AuthText } from '@atrium/protocol';
import type { LimitSettings } from '@atrium/protocol';
import type { AppDb } from '../../db/database.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { RateHit, RateLimiter } from '../../http/rate-limit.ts';
import { readLimits } from '../../settings/limit-settings.ts';
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
    const key = `login:${ip}:${login.toLowerCase()}`;
    await this.within(key, MINUTE, limits.login_attempts_per_ip_per_minute);
  }

  /**
   * Milliseconds until an account (or unknown login) that failed too often this hour may try
   * again; 0 when it is not locked.
   */
  accountLocked(lockKey: string, limits: LimitSettings): Promise<number> {
    return this.limiter.retryAfter(lockKey, limits.login_failures_before_lock);
  }

  async loginFailed(lockKey: string, limits: LimitSettings): Promise<void> {
    // Capped at the lock's size: failures past it change nothing but would cost memory.
    await this.limiter.hit(lockKey, HOUR, limits.login_failures_before_lock);
  }

  /** Counts an activation mail about to be sent; 429 above the per-address or per-recipient limit. */
  async registrationMail(ip: string, email: string): Promise<void> {
    const limits = await this.limits();
    await this.within(`register-mail:${ip}`, HOUR, limits.register_mails_per_ip_per_hour);
    const toRecipient = await this.recipientHit(email, limits);
    if (!toRecipient.allowed) {
      throw tooManyRequests(AuthText.tooManyRequests, toRecipient.retryAfterMs);
    }
  }

  /**
   * Counts a recovery request from an address, whether or not the email has an account, so
   * the answer tells nothing; 429 above the limit.
   */
  async recoveryRequest(ip: string): Promise<void> {
    const limits = await this.limits();
    await this.within(`recovery-mail:${ip}`, HOUR, limits.recovery_mails_per_ip_per_hour);
  }

  /** Counts a mail to a recipient; false when the recipient has had enough mails this hour. */
  async recipientMail(email: string, limits?: LimitSettings): Promise<boolean> {
    return (await this.recipientHit(email, limits ?? (await this.limits()))).allowed;
  }

  private recipientHit(email: string, limits: LimitSettings): Promise<RateHit> {
    const max = limits.mails_per_recipient_per_hour;
    return this.limiter.hit(`mail-to:${email.toLowerCase()}`, HOUR, max);
  }

  /**
   * Counts an answer that an email is registered. Such answers let an address test emails, so
   * above the limit it gets 429 instead, which tells nothing.
   */
  async emailTakenAnswer(ip: string): Promise<void> {
    const limits = await this.limits();
    await this.within(`email-taken:${ip}`, HOUR, limits.email_taken_answers_per_ip_per_hour);
  }

  /** Counts one hit; 429 with the wait when it is over the limit. */
  private async within(key: string, windowMs: number, limit: number): Promise<void> {
    const hit = await this.limiter.hit(key, windowMs, limit);
    if (!hit.allowed) throw tooManyRequests(AuthText.tooManyRequests, hit.retryAfterMs);
  }
}
