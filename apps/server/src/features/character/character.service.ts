import {
  AuthText,
  CharacterText,
  decodeLook,
  encodeLook,
  SPECIAL_LOOK_TOKENS,
  unlockedSpecials,
} from '@atrium/protocol';
import type { CharacterLook, CharacterLookResponse, SpecialLook } from '@atrium/protocol';
import { databaseError } from '../../http/database-errors.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireSignedIn } from '../../security/policy.ts';
import type { CharacterRepository } from './character.repository.ts';

export interface CharacterServiceDeps {
  repo: CharacterRepository;
  /** The avatar NFT token ids the account owns (read from the chain by the wallet). */
  ownedAvatarIds(userId: string): Promise<number[]>;
  /** The look an account wears when it never chose one (the world's hashed seed). */
  seed(userId: string): number;
  /** Tells the world the account's look changed, so everyone sees the new one. */
  lookChanged(userId: string, code: number): void;
}

/** The signed-in account's character: read, and saved within what it may wear. */
export class CharacterService {
  constructor(private readonly deps: CharacterServiceDeps) {}

  async get(claims: AuthClaims | null): Promise<CharacterLookResponse> {
    const caller = requireSignedIn(claims);
    if (caller.role === 'guest') {
      // A guest's look lives in the world visit that chose it; nothing is kept here.
      return { look: null, code: this.deps.seed(caller.sub), unlocked: [], guest: true };
    }
    const [code, unlocked] = await Promise.all([
      this.deps.repo.code(caller.sub),
      this.unlocked(caller.sub),
    ]);
    const look = code === undefined ? null : decodeLook(code);
    return {
      look,
      code: look && code !== undefined ? code : this.deps.seed(caller.sub),
      unlocked,
      guest: false,
    };
  }

  async save(claims: AuthClaims | null, look: CharacterLook): Promise<CharacterLookResponse> {
    const caller = requireSignedIn(claims);
    if (caller.role === 'guest') throw forbidden(CharacterText.guestCannotSave);
    const unlocked = await this.unlocked(caller.sub);
    if (look.special !== null && !unlocked.includes(look.special)) {
      throw forbidden(CharacterText.lockedLook(specialName(look.special)));
    }
    const code = encodeLook(look);
    try {
      await this.deps.repo.save(caller.sub, code);
    } catch (err: unknown) {
      // A valid token can outlive its account: the row would have no owner.
      if (databaseError(err)?.code === '23503') throw unauthorized(AuthText.notSignedIn);
      throw err;
    }
    this.deps.lookChanged(caller.sub, code);
    return { look, code, unlocked, guest: false };
  }

  private async unlocked(userId: string): Promise<SpecialLook[]> {
    return unlockedSpecials(await this.deps.ownedAvatarIds(userId));
  }
}

const specialName = (special: SpecialLook): string => SPECIAL_LOOK_TOKENS[special].name;
