import { BalancingText } from '@atrium/protocol';
import { notFound, unavailable } from '../../http/errors.ts';
import { SECOND } from '../../lib/time.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireSignedIn } from '../../security/policy.ts';
import type { BalancingRepository } from './balancing.repository.ts';

export interface BalancingServiceOptions {
  totalSlots: number;
  slotTtlSeconds: number;
  now: () => Date;
}

/** Stream slots: any signed-in visitor (guests too) holds at most the slots it renews. */
export class BalancingService {
  constructor(
    private readonly repo: BalancingRepository,
    private readonly options: BalancingServiceOptions,
  ) {}

  private expiry(): Date {
    return new Date(this.options.now().getTime() + this.options.slotTtlSeconds * SECOND);
  }

  /** Takes a free slot, or renews the caller's own slot `renewing`. */
  async takeOrRenew(
    claims: AuthClaims | null,
    renewing: string | undefined,
  ): Promise<{ uniqueId: string; playerId: number }> {
    const { sub } = requireSignedIn(claims);
    await this.repo.sweep(this.options.now());
    const slot = renewing
      ? await this.repo.renew(renewing, sub, this.expiry())
      : await this.repo.take(sub, this.options.totalSlots, this.expiry());
    if (!slot) {
      if (renewing) throw notFound(BalancingText.unknownSlot);
      throw unavailable(BalancingText.noFreeSlot);
    }
    return slot;
  }

  /**
   * Runs from `sendBeacon` on page unload, which cannot send a bearer header: the unguessable
   * uniqueId is the capability. Unknown ids answer the same, so nothing is learned.
   */
  release(uniqueId: string): Promise<void> {
    return this.repo.release(uniqueId);
  }

  /** Free slots now, and how long until one frees when none is. */
  async availability(): Promise<{
    availableSlots: number;
    totalSlots: number;
    waitingTime: number;
  }> {
    const { totalSlots, slotTtlSeconds } = this.options;
    const held = await this.repo.countHeld(this.options.now());
    const availableSlots = Math.max(0, totalSlots - held);
    // A slot frees within one TTL at the latest when none is free now.
    return { availableSlots, totalSlots, waitingTime: availableSlots > 0 ? 0 : slotTtlSeconds };
  }
}
