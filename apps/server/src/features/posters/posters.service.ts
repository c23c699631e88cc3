import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  POSTER_IMAGE_NAME,
  PosterImageLimits,
  posterImagePath,
  PosterText,
  UploadText,
} from '@atrium/protocol';
import type { PosterImage, PosterInputSchema } from '@atrium/protocol';
import sharp, { type OutputInfo } from 'sharp';
import type { z } from 'zod';
import type { PosterRow } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { FileStore, StoredFile } from '../../lib/file-store.ts';
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

export const imageTooLarge = () =>
  new AppError(413, ErrorCode.payloadTooLarge, PosterText.imageTooLarge);

/** The formats an upload may be, as libvips names them after reading the header. */
const IMAGE_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
/** 50 megapixels: a 10 MB PNG of one colour could otherwise claim a huge canvas to decode. */
const MAX_PIXELS = 50_000_000;

/** The uploaded file an image path names, or undefined for a URL or another path. */
function uploadedName(image: string): string | undefined {
  const name = image.slice(image.lastIndexOf('/') + 1);
  return POSTER_IMAGE_NAME.test(name) && image === posterImagePath(name) ? name : undefined;
}

/** Posters: everyone reads them; admins hang, change and take them down, and upload images. */
export class PostersService {
  constructor(
    private readonly repo: PostersRepository,
    /** `{DATA_DIR}/files`: uploaded images live under `posters/`. */
    private readonly files: FileStore,
  ) {}

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
    const before = changes.image === undefined ? undefined : await this.repo.find(id);
    const row = await this.repo.update(id, toValues(changes));
    if (!row) throw notFound(PosterText.notFound);
    if (before && before.image !== row.image) await this.dropUnused(before.image);
    return row;
  }

  async remove(claims: AuthClaims | null, id: number): Promise<void> {
    requireAdmin(claims);
    const row = await this.repo.find(id);
    if (!row || !(await this.repo.delete(id))) throw notFound(PosterText.notFound);
    await this.dropUnused(row.image);
  }

  /** Only an admin uploads; checked before the body is read, and again with the bytes. */
  admitUpload(claims: AuthClaims | null | undefined): void {
    requireAdmin(claims ?? null);
  }

  /**
   * Stores an uploaded image for a poster. The type comes from the bytes (libvips through sharp),
   * never from the name or the client's content type. The stored picture is re-encoded: turned
   * upright by its EXIF orientation, shrunk to fit {@link PosterImageLimits.maxSide}, saved as
   * WebP without its metadata (a phone photo's location stays on the phone). The name is new each
   * time, so the file can be cached for good.
   */
  async uploadImage(claims: AuthClaims | null, bytes: Buffer): Promise<PosterImage> {
    this.admitUpload(claims);
    if (bytes.length === 0) throw badRequest(UploadText.fileRequired);
    if (bytes.length > PosterImageLimits.maxBytes) throw imageTooLarge();
    const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false });
    let format: string | undefined;
    try {
      ({ format } = await input().metadata());
    } catch {
      throw badRequest(UploadText.notAnImage);
    }
    if (format === undefined || !IMAGE_FORMATS.has(format)) {
      throw badRequest(UploadText.notAnImage);
    }
    const side = PosterImageLimits.maxSide;
    let out: { data: Buffer; info: OutputInfo };
    try {
      out = await input()
        .rotate()
        .resize(side, side, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer({ resolveWithObject: true });
    } catch (err: unknown) {
      // The header read, the pixels did not: a file cut short, or past the pixel limit.
      if (err instanceof Error && /pixel limit/i.test(err.message)) {
        throw badRequest(PosterText.imageTooManyPixels);
      }
      throw badRequest(UploadText.notAnImage);
    }
    const name = `${randomUUID()}.webp`;
    await this.files.write(['posters', name], out.data);
    return {
      image: posterImagePath(name),
      width: out.info.width,
      height: out.info.height,
      bytes: out.data.length,
    };
  }

  /** An uploaded image, for anyone: posters hang in the public world. */
  async openImage(name: string): Promise<StoredFile & { type: string }> {
    const file = await this.files.read(['posters', name]);
    if (!file) throw notFound(PosterText.imageNotFound);
    return { ...file, type: 'image/webp' };
  }

  /** Removes an uploaded image that no poster shows any more. */
  private async dropUnused(image: string): Promise<void> {
    const name = uploadedName(image);
    if (name && (await this.repo.countUsing(image)) === 0) {
      await this.files.delete(['posters', name]);
    }
  }
}
