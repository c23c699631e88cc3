import { randomBytes } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

/** One path segment: letters, digits, dot, dash and underscore, never `.` or `..`. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** An opened stored file, ready to stream. */
export interface StoredFile {
  size: number;
  stream: ReadStream;
}

/**
 * Uploaded files on the local disk under one root (`{DATA_DIR}/files`). Keys are lists of path
 * segments that the server made, e.g. `['screenshots', userId, 'name.png']`; a segment that could
 * leave the root is refused, so a bug upstream cannot turn into path traversal.
 */
export class FileStore {
  constructor(private readonly root: string) {}

  /** Writes atomically: a temporary file in the same folder, then a rename over the target. */
  async write(key: readonly string[], data: Uint8Array): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, target);
    } catch (err: unknown) {
      await rm(temp, { force: true });
      throw new Error(`cannot write ${key.join('/')}`, { cause: err });
    }
  }

  /** Opens a file for streaming, or undefined when it does not exist. */
  async read(key: readonly string[]): Promise<StoredFile | undefined> {
    let handle;
    try {
      handle = await open(this.resolve(key), 'r');
    } catch (err: unknown) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      return { size: stats.size, stream: handle.createReadStream() };
    } catch (err: unknown) {
      await handle.close();
      throw err;
    }
  }

  /** Removes a file; a missing file is not an error. */
  async delete(key: readonly string[]): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  private resolve(key: readonly string[]): string {
    if (key.length === 0 || !key.every((s) => SEGMENT.test(s))) {
      throw new Error(`unsafe file key: ${JSON.stringify(key)}`);
    }
    return path.join(this.root, ...key);
  }
}

const isMissing = (err: unknown): boolean =>
  err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');

const CACHE_CONTROL = {
  private: 'private, max-age=3600',
  'no-cache': 'no-cache',
  immutable: 'public, max-age=31536000, immutable',
} as const;

/**
 * Sends a stored picture inline, never sniffed as anything else. `cache` is `private` for an
 * owner's file (only their browser keeps it), `no-cache` for a share link that can be revoked, or
 * `immutable` for a public file whose name is new for every upload (a poster's image).
 */
export function sendPicture(
  reply: FastifyReply,
  file: StoredFile & { type: string },
  cache: keyof typeof CACHE_CONTROL,
): FastifyReply {
  return reply
    .type(file.type)
    .header('content-length', file.size)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', CACHE_CONTROL[cache])
    .send(file.stream);
}
