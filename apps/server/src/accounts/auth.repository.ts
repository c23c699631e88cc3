import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../db/database.ts';
import {
  mailOutbox,
  oidcIdentities,
  refreshTokens,
  users,
  userTokens,
  walletLinks,
} from '../db/schema.ts';
import type { UserRow, WalletLinkRow } from '../db/schema.ts';

export type UserTokenKind = 'activation' | 'recovery';

/** The only place with SQL for sessions, one-time tokens and linked identities. */
export class AuthRepository {
  constructor(readonly db: AppDb) {}

  /** A repository bound to a transaction. */
  with(db: AppDb): AuthRepository {
    return new AuthRepository(db);
  }

  async findUserByLogin(login: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(
        sql`lower(${users.username}) = lower(${login}) or lower(${users.email}) = lower(${login})`,
      )
      .orderBy(sql`lower(${users.username}) = lower(${login}) desc`)
      .limit(1);
    return row;
  }

  async findUserById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** The wallet linked to an account (issue 18), for the current user's `data`. */
  async findWalletLink(userId: string): Promise<WalletLinkRow | undefined> {
    const [row] = await this.db.select().from(walletLinks).where(eq(walletLinks.userId, userId));
    return row;
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  }

  async usernameTaken(username: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row !== undefined && row.id !== exceptId;
  }

  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const row = await this.findUserByEmail(email);
    return row !== undefined && row.id !== exceptId;
  }

  async updateUser(
    id: string,
    values: Partial<Pick<UserRow, 'username' | 'email' | 'status' | 'passwordHash' | 'lastLogin'>>,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async insertUserToken(
    userId: string,
    kind: UserTokenKind,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await this.db.insert(userTokens).values({ userId, kind, tokenHash, expiresAt });
  }

  /** Marks a valid, unused, unexpired token used and returns its user id; single use even under races. */
  async consumeUserToken(
    kind: UserTokenKind,
    tokenHash: string,
    now: Date,
  ): Promise<string | undefined> {
    const [row] = await this.db
      .update(userTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          eq(userTokens.kind, kind),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
      .returning({ userId: userTokens.userId });
    return row?.userId;
  }

  /**
   * The user of a token that was already used. Used rows are kept (never deleted), so a second
   * click on a mailed link can be told from an unknown token.
   */
  async findUsedTokenUser(kind: UserTokenKind, tokenHash: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: userTokens.userId })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          eq(userTokens.kind, kind),
          isNotNull(userTokens.usedAt),
        ),
      );
    return row?.userId;
  }

  async insertRefreshToken(values: {
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(refreshTokens).values(values);
  }

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /** Marks a refresh token used; false when another request used it first. */
  async markRefreshTokenUsed(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.id, id),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async revokeAllForUser(userId: string, now: Date): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  async findIdentity(provider: string, subject: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: oidcIdentities.userId })
      .from(oidcIdentities)
      .where(and(eq(oidcIdentities.provider, provider), eq(oidcIdentities.subject, subject)));
    return row?.userId;
  }

  async linkIdentity(
    provider: string,
    subject: string,
    userId: string,
    email: string | undefined,
  ): Promise<void> {
    await this.db
      .insert(oidcIdentities)
      .values({ provider, subject, userId, email: email ?? null })
      .onConflictDoNothing();
  }

  async listOutbox(limit = 50) {
    return this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  }
}
