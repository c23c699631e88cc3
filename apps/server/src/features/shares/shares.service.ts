import { ShareAdminText, ShareText, WORLD_LAYOUTS } from '@atrium/protocol';
import type { ShareInputSchema } from '@atrium/protocol';
import type { z } from 'zod';
import type { ShareRow } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireRole } from '../../security/policy.ts';
import type { SharesRepository, ShareValues } from './shares.repository.ts';

/** Admins only: shares decide which sites may frame the world. Enforced here, not in the UI. */
const requireAdmin = requireRole('admin', ShareAdminText.onlyAdmins);

type ShareInput = z.output<typeof ShareInputSchema>;

const toValues = (input: Partial<ShareInput>): Partial<ShareValues> => {
  if (input.world !== undefined && !(input.world in WORLD_LAYOUTS)) {
    throw badRequest(ShareAdminText.unknownWorld);
  }
  return {
    ...(input.world !== undefined && { world: input.world }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.allowed_origins !== undefined && {
      allowedOrigins: [...new Set(input.allowed_origins)],
    }),
    ...(input.default_quality !== undefined && { defaultQuality: input.default_quality }),
    ...(input.default_location !== undefined && { defaultLocation: input.default_location }),
  };
};

/** Embeddable worlds: anyone reads one by id; admins manage them. */
export class SharesService {
  constructor(private readonly repo: SharesRepository) {}

  async find(id: string): Promise<ShareRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound(ShareText.notFound);
    return row;
  }

  /** The sites that may frame a share's embed page (the site's own and the share's); null when there is no such share. */
  async frameAncestors(id: string, siteOrigins: readonly string[]): Promise<string[] | null> {
    const share = await this.repo.find(id);
    return share ? [...new Set([...siteOrigins, ...share.allowedOrigins])] : null;
  }

  async list(claims: AuthClaims | null): Promise<ShareRow[]> {
    requireAdmin(claims);
    return this.repo.list();
  }

  async create(claims: AuthClaims | null, input: ShareInput): Promise<ShareRow> {
    requireAdmin(claims);
    const row = await this.repo.insert({ id: input.id, ...toValues(input) } as ShareValues);
    if (!row) throw conflict(ShareAdminText.exists);
    return row;
  }

  async update(
    claims: AuthClaims | null,
    id: string,
    changes: Partial<ShareInput>,
  ): Promise<ShareRow> {
    requireAdmin(claims);
    const row = await this.repo.update(id, toValues(changes));
    if (!row) throw notFound(ShareText.notFound);
    return row;
  }

  async remove(claims: AuthClaims | null, id: string): Promise<void> {
    requireAdmin(claims);
    if (!(await this.repo.delete(id))) throw notFound(ShareText.notFound);
  }
}
