import { SocialText } from '@atrium/protocol';
import { notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder } from '../../security/policy.ts';
import type { SocialContext } from './social.context.ts';

/**
 * Blocks: a blocked user's friend request gets the generic refusal and their prompts get
 * "not online" (the friends and the inbox ask `repo.isBlocked`); nothing says they were blocked.
 */
export class SocialBlocks {
  constructor(private readonly ctx: SocialContext) {}

  async list(claims: AuthClaims | null) {
    const me = requireAccountHolder(claims);
    return (await this.ctx.deps.repo.blocked(me.sub)).map((u) => ({
      user_id: u.id,
      username: u.username,
    }));
  }

  async block(claims: AuthClaims | null, username: string): Promise<void> {
    const me = requireAccountHolder(claims);
    const target = await this.ctx.target(me, username, SocialText.blockSelf);
    if (!target) throw notFound(SocialText.unknownUser);
    await this.ctx.deps.repo.block(me.sub, target.id);
  }

  async unblock(claims: AuthClaims | null, userId: string): Promise<void> {
    const me = requireAccountHolder(claims);
    await this.ctx.deps.repo.unblock(me.sub, userId);
  }
}
