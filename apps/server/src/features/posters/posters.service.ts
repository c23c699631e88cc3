import { PosterText } from '@atrium/protocol';
import type { PosterInputSchema } from '@atrium/protocol';
import type { z } from 'zod';
import type { PosterRow } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireRole } from '../../security/policy.ts';
import type { PostersRepository, PosterValues } from './posters.repository.ts';

/** Admins only (SPEC: "Admins manage posters"); enforced here, not only in the UI. */
const requireAdmin = requireRole('admin', PosterText.onlyAdmins);

type PosterInput = z.output<typeof PosterInputSchema>;

const toValues = (input: Partial<PosterInput>): Partial<PosterValues> => ({
  ...(input.world !== undefined && { world: input.world }),
  ...(input.title !== undefined && { title: input.title }),
  ...(input.image !== undefined && { image: input.image }),
  ...(input.description !== undefined && { description: input.description }),
  ...(input.print_url !== undefined && { printUrl: input.print_url }),
  ...(input.nft_token_id !== undefined && { nftTokenId: input.nft_token_id }),
  ...(input.nft_price !== undefined && { nftPrice: input.nft_price }),
  ...(input.slot !== undefined && { slot: input.slot }),
});

/** Posters: everyone reads them; admins hang, change and take them down. */
export class PostersService {
  constructor(private readonly repo: PostersRepository) {}

  /** One poster, for its detail popup and description page. */
  async find(id: number): Promise<PosterRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound(PosterText.unableToLoadDetail);
    return row;
  }

  list(world: string): Promise<PosterRow[]> {
    return this.repo.list(world);
  }

  async create(claims: AuthClaims | null, input: PosterInput): Promise<PosterRow> {
    requireAdmin(claims);
    return this.repo.insert(toValues(input) as PosterValues);
  }

  async update(
    claims: AuthClaims | null,
    id: number,
    changes: Partial<PosterInput>,
  ): Promise<PosterRow> {
    requireAdmin(claims);
    const row = await this.repo.update(id, toValues(changes));
    if (!row) throw notFound(PosterText.notFound);
    return row;
  }

  async remove(claims: AuthClaims | null, id: number): Promise<void> {
    requireAdmin(claims);
    if (!(await this.repo.delete(id))) throw notFound(PosterText.notFound);
  }
}
