import { AuthText, GameDataLimits, GameDataText } from '@atrium/protocol';
import type { GameDataGetRequest, GameDataSetRequest } from '@atrium/protocol';
import { databaseError } from '../../http/database-errors.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { MINUTE } from '../../lib/time.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import type { GameDataRepository } from './gamedata.repository.ts';

/** The rate-limiter key that counts a user's game data writes. */
export const gameDataLimitKey = (userId: string) => `game-data-set:${userId}`;

/** The parsed bodies (after the protocol's schemas trimmed and checked them). */
type SetInput = Omit<GameDataSetRequest, 'value'> & { value: string };
type GetInput = GameDataGetRequest;

/**
 * SPEC §7 game data: one text value per user and key. The user is always the token's; a `userId`
 * in the body that names someone else is refused (403), not ignored, so a game's bug shows.
 */
export class GameDataService {
  constructor(private readonly deps: { repo: GameDataRepository; limiter: RateLimiter }) {}

  /** Signed in with an account (guests: SPEC §6 "cannot use game data storage"). */
  caller(claims: AuthClaims | null | undefined): AuthClaims {
    return requireAccountHolder(claims);
  }

  async set(claims: AuthClaims | null, input: SetInput): Promise<void> {
    const user = this.owner(claims, input.userId);
    const hit = await this.deps.limiter.hit(
      gameDataLimitKey(user),
      MINUTE,
      GameDataLimits.writesPerMinute,
    );
    if (!hit.allowed) throw tooManyRequests(GameDataText.tooManyWrites, hit.retryAfterMs);
    let stored: boolean;
    try {
      stored = await this.deps.repo.set(
        user,
        input.key,
        input.value,
        GameDataLimits.maxKeysPerUser,
      );
    } catch (err: unknown) {
      // A valid token can outlive its account: the row would have no owner.
      if (databaseError(err)?.code === '23503') throw unauthorized(AuthText.notSignedIn);
      throw err;
    }
    if (!stored) throw badRequest(GameDataText.tooManyKeys);
  }

  async get(claims: AuthClaims | null, input: GetInput): Promise<string | null> {
    const user = this.owner(claims, input.userId);
    return (await this.deps.repo.get(user, input.key)) ?? null;
  }

  private owner(claims: AuthClaims | null, userId: string | undefined): string {
    const caller = this.caller(claims);
    if (userId !== undefined && userId !== '' && userId.toLowerCase() !== caller.sub) {
      throw forbidden(GameDataText.userIdMismatch);
    }
    return caller.sub;
  }
}
