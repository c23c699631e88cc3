import { and, eq, gt, isNull, lt, or, isNotNull } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { siweNonces, walletLinks } from '../../db/schema.ts';
import type { WalletLinkRow } from '../../db/schema.ts';

export type NewWalletLink = Omit<WalletLinkRow, 'createdAt'>;

/** The only place with SQL for wallet links and SIWE nonces. */
export class WalletRepository {
  constructor(readonly db: AppDb) {}

  with(db: AppDb): WalletRepository {
    return new WalletRepository(db);
  }

  async insertNonce(values: { nonce: string; userId: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(siweNonces).values(values);
  }

  /**
   * Marks a nonce used, once: only an unused, unexpired nonce issued to `userId` matches, and the
   * conditional update lets exactly one of two racing requests (in any process) have it.
   */
  async consumeNonce(nonce: string, userId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(siweNonces)
      .set({ usedAt: now })
      .where(
        and(
          eq(siweNonces.nonce, nonce),
          eq(siweNonces.userId, userId),
          isNull(siweNonces.usedAt),
          gt(siweNonces.expiresAt, now),
        ),
      )
      .returning({ nonce: siweNonces.nonce });
    return rows.length === 1;
  }

  /** Forgets nonces that expired (used or not) before `before`. */
  async purgeNonces(before: Date): Promise<void> {
    await this.db
      .delete(siweNonces)
      .where(
        or(
          lt(siweNonces.expiresAt, before),
          and(isNotNull(siweNonces.usedAt), lt(siweNonces.usedAt, before)),
        ),
      );
  }

  async findByUser(userId: string): Promise<WalletLinkRow | undefined> {
    const [row] = await this.db.select().from(walletLinks).where(eq(walletLinks.userId, userId));
    return row;
  }

  async findByAddress(address: string): Promise<WalletLinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(walletLinks)
      .where(eq(walletLinks.address, address.toLowerCase()));
    return row;
  }

  /** Stores the link of an account, or refreshes it (same account, same address). */
  async upsert(values: NewWalletLink): Promise<WalletLinkRow> {
    const [row] = await this.db
      .insert(walletLinks)
      .values({ ...values, address: values.address.toLowerCase() })
      .onConflictDoUpdate({
        target: walletLinks.userId,
        set: {
          address: values.address.toLowerCase(),
          chainId: values.chainId,
          signature: values.signature,
          message: values.message,
          issuedAt: values.issuedAt,
        },
      })
      .returning();
    if (!row) throw new Error('upsert returned no row');
    return row;
  }

  async delete(userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(walletLinks)
      .where(eq(walletLinks.userId, userId))
      .returning({ userId: walletLinks.userId });
    return rows.length > 0;
  }
}
