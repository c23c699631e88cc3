import { timingSafeEqual } from 'node:crypto';
import { BalancingText } from '@atrium/protocol';
import type { NodeRoom } from './balancing.repository.ts';
import type { PlayerSlot, RenderNodeOrders, RenderNodeReport } from '@atrium/protocol';
import { notFound, unauthorized, unavailable } from '../../http/errors.ts';
import { SECOND } from '../../lib/time.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireSignedIn } from '../../security/policy.ts';
import type { BalancingRepository } from './balancing.repository.ts';

export interface BalancingServiceOptions {
  totalSlots: number;
  slotTtlSeconds: number;
  now: () => Date;
  /** Issue 31: what render nodes present; undefined: none can register. */
  nodeSecret?: string | undefined;
  /** A node not heard from for this long is gone. */
  nodeTtlSeconds: number;
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

  /** Nodes heard from since this are alive. */
  private nodeCutoff(): Date {
    return new Date(this.options.now().getTime() - this.options.nodeTtlSeconds * SECOND);
  }

  /** Frees slots whose time ran out, and removes nodes gone silent with their sessions. */
  private async sweep(): Promise<void> {
    await this.repo.sweep(this.options.now());
    await this.repo.sweepNodes(this.nodeCutoff());
  }

  /**
   * Takes a free slot, or renews the caller's own slot `renewing`. With `stream`, a new slot
   * also takes a place on the least full live render node, and a renewal reports its place:
   * null when no node has room or its node died (the page draws the world itself then).
   */
  async takeOrRenew(
    claims: AuthClaims | null,
    renewing: string | undefined,
    stream = false,
  ): Promise<PlayerSlot> {
    const { sub } = requireSignedIn(claims);
    await this.sweep();
    const slot = renewing
      ? await this.repo.renew(renewing, sub, this.expiry())
      : await this.repo.take(sub, this.options.totalSlots, this.expiry());
    if (!slot) {
      if (renewing) throw notFound(BalancingText.unknownSlot);
      throw unavailable(BalancingText.noFreeSlot);
    }
    if (!stream) return slot;
    const place = renewing
      ? await this.repo.placeOf(slot.uniqueId)
      : await this.repo.place(slot.uniqueId, this.nodeCutoff());
    return { ...slot, stream: place ?? null };
  }

  /** Throws 401 unless `authorization` is `Bearer <RENDER_NODE_SECRET>` (compared in constant time). */
  private requireNode(authorization: string | undefined): void {
    const { nodeSecret } = this.options;
    const given = Buffer.from(authorization ?? '');
    const expected = Buffer.from(`Bearer ${nodeSecret ?? ''}`);
    if (!nodeSecret || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw unauthorized(BalancingText.unknownNode);
    }
  }

  /** Issue 31: a render node reports; answers the sessions it should draw. */
  async nodeReport(
    authorization: string | undefined,
    report: RenderNodeReport,
  ): Promise<RenderNodeOrders> {
    this.requireNode(authorization);
    await this.sweep();
    await this.repo.reportNode(report, this.options.now());
    // Report three times within the time to live, so one late report does not lose the node.
    const reportWithinSeconds = Math.max(1, Math.floor(this.options.nodeTtlSeconds / 3));
    return { sessions: await this.repo.sessionsOf(report.id), reportWithinSeconds };
  }

  /** Issue 31: a node that stops cleanly; its sessions fall back to the page at once. */
  async nodeLeave(authorization: string | undefined, id: string): Promise<void> {
    this.requireNode(authorization);
    await this.repo.removeNode(id);
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
    nodes?: NodeRoom[];
  }> {
    const { totalSlots, slotTtlSeconds } = this.options;
    await this.repo.sweepNodes(this.nodeCutoff());
    const held = await this.repo.countHeld(this.options.now());
    const availableSlots = Math.max(0, totalSlots - held);
    const nodes = await this.repo.nodeRooms(this.nodeCutoff());
    // A slot frees within one TTL at the latest when none is free now.
    return {
      availableSlots,
      totalSlots,
      waitingTime: availableSlots > 0 ? 0 : slotTtlSeconds,
      ...(nodes.length > 0 ? { nodes } : {}),
    };
  }
}
