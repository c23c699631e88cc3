import type { ServerPayload } from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from 'redis';
import { GUEST_TOKEN_TTL_S } from '../security/access-tokens.ts';
import type { SanctionsRepository } from './sanctions.repository.ts';
import type { SanctionRow } from '../db/schema.ts';

/** Where processes tell each other of a revocation: {@link Revocation}. */
export const REVOCATION_CHANNEL = 'atrium:moderation:revoked';

/** Why a subject's sessions end, as its pages are told. */
export type SessionEnd = ServerPayload<'system:ended'>;

/**
 * `at`: epoch ms. `end`: set by a process without sockets (the CLI), which asks every server to
 * end the subject's connections itself; the console's own calls close them through the adapter.
 */
interface Revocation {
  subject: string;
  at: number;
  end?: SessionEnd;
}

/** A token lives at most this long (a guest's), so older revocations void nothing. */
const LONGEST_TOKEN_MS = GUEST_TOKEN_TTL_S * 1000;

/**
 * Issue 29: which access tokens are void, on this process. A kick, a ban, a deactivation or a
 * deletion revokes a subject's tokens issued up to that moment; the token check (HTTP and the
 * socket handshake) asks {@link isRevoked} without a database read. The revocation is stored
 * (a process that starts later loads it) and published on Redis, so every process refuses the
 * token within the message's flight; without Redis this one process is the campus.
 *
 * Why a list of revocations and not a database read per request: the check runs on every
 * authenticated request and handshake, and the list holds only the last 8 hours' kicks.
 */
export class SessionGate {
  /** subject → epoch seconds: tokens issued before it are void. */
  private readonly validAfter = new Map<string, number>();
  private listener: RedisClientType | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private endHere: ((subject: string, end: SessionEnd) => void) | undefined;
  readonly repo: SanctionsRepository;

  constructor(
    repo: SanctionsRepository,
    private readonly redis: RedisClientType | undefined,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = repo;
  }

  /** Loads the revocations that still matter and listens for new ones. */
  async start(): Promise<void> {
    const since = new Date(this.now().getTime() - LONGEST_TOKEN_MS);
    for (const row of await this.repo.revocationsSince(since)) {
      this.remember(row.subject, row.validAfter.getTime());
    }
    if (this.redis) {
      const listener = this.redis.duplicate();
      this.listener = listener;
      listener.on('error', (err: unknown) => this.log.error({ err }, 'revocation listener error'));
      await listener.connect();
      await listener.subscribe(REVOCATION_CHANNEL, (message) => {
        try {
          const { subject, at, end } = JSON.parse(message) as Revocation;
          this.remember(subject, at);
          if (end) this.endHere?.(subject, end);
        } catch (err) {
          this.log.error({ err }, 'revocation unreadable');
        }
      });
    }
    this.pruneTimer = setInterval(() => this.prune(), 60 * 60_000);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    const listener = this.listener;
    this.listener = undefined;
    if (listener?.isOpen) await listener.quit();
  }

  /** Whether a token of `subject` issued at `issuedAt` (epoch seconds) has been revoked. */
  isRevoked(subject: string, issuedAt: number | undefined): boolean {
    const after = this.validAfter.get(subject);
    if (after === undefined) return false;
    return issuedAt === undefined || issuedAt < after;
  }

  /**
   * Voids every token of `subject` issued until now, on every process: stored, applied here at
   * once, and published. With `end`, every process also closes the subject's connections there.
   */
  async revoke(subject: string, end?: SessionEnd): Promise<void> {
    const at = this.now().getTime();
    await this.repo.revoke(subject, new Date(at));
    this.remember(subject, at);
    const revocation: Revocation = end ? { subject, at, end } : { subject, at };
    if (this.redis) await this.redis.publish(REVOCATION_CHANNEL, JSON.stringify(revocation));
  }

  /** How this process closes a subject's connections when another process (the CLI) asks. */
  onEnd(endHere: (subject: string, end: SessionEnd) => void): void {
    this.endHere = endHere;
  }

  /** The account's ban in force, if any. */
  activeBan(userId: string): Promise<SanctionRow | undefined> {
    return this.repo.activeBan(userId, this.now());
  }

  addressBanned(address: string): Promise<boolean> {
    return this.repo.addressBanned(address, this.now());
  }

  mutedUntil(userId: string): Promise<Date | undefined> {
    return this.repo.mutedUntil(userId, this.now());
  }

  /**
   * Seconds are what a token's `iat` counts, so a revocation at 12.3 s voids tokens of second
   * 12 too (one issued at 12.9 s, after the kick, is refused: a second's grace is the price).
   */
  private remember(subject: string, atMs: number): void {
    const seconds = Math.ceil(atMs / 1000);
    const known = this.validAfter.get(subject);
    if (known === undefined || seconds > known) this.validAfter.set(subject, seconds);
  }

  private prune(): void {
    const oldest = (this.now().getTime() - LONGEST_TOKEN_MS) / 1000;
    for (const [subject, after] of this.validAfter) {
      if (after < oldest) this.validAfter.delete(subject);
    }
    this.repo
      .pruneRevocations(new Date(oldest * 1000))
      .catch((err: unknown) => this.log.error({ err }, 'pruning revocations failed'));
  }
}
