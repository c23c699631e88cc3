import type { PlayerId } from '@atrium/protocol';
import type { EmbedDeps } from '../embedTypes.ts';
import { EmbedText } from '../texts.ts';
import type { Timers } from './timers.ts';

/** Slots are renewed well inside the server's time-to-live (120 s by default). */
export const SLOT_RENEW_MS = 45_000;

/** Taking a stream slot failed; its message is the server's (e.g. that no slot is free). */
export class SlotError extends Error {}

/** The stream slot a running world holds: renewed while held, given back on stop or unload. */
export class SlotLease {
  private slot: PlayerId | null = null;
  private timer: unknown = null;

  constructor(
    private readonly slots: EmbedDeps['slots'],
    private readonly currentToken: () => string,
    private readonly timers: Timers,
  ) {}

  /**
   * Takes a slot and holds it; false (the slot given back) when `overtaken()` says another start
   * or a stop came meanwhile. Without slots configured, nothing to take: true.
   */
  async take(token: string, overtaken: () => boolean): Promise<boolean> {
    if (!this.slots) return true;
    let slot: PlayerId;
    try {
      slot = await this.slots.take(token);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : null;
      throw new SlotError(message ?? EmbedText.startFailed, { cause: error });
    }
    if (overtaken()) {
      this.slots.reclaim(slot.uniqueId);
      return false;
    }
    this.hold(slot);
    return true;
  }

  /** Holds a slot just taken, renewing it every `SLOT_RENEW_MS`. */
  private hold(slot: PlayerId): void {
    this.slot = slot;
    const renew = () => {
      this.timer = this.timers.set(() => {
        const held = this.slot;
        if (!held || !this.slots) return;
        this.slots
          .take(this.currentToken(), held.uniqueId)
          .then(renew, (error: unknown) => console.warn('Could not renew the stream slot', error));
      }, SLOT_RENEW_MS);
    };
    renew();
  }

  /** Gives the slot back (on page unload through sendBeacon). */
  release(unloading = false): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    if (this.slot) this.slots?.reclaim(this.slot.uniqueId, unloading);
    this.slot = null;
  }
}
