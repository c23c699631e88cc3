import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_FILE_NAME } from '@atrium/protocol';

/** The folders of the store, one per upload kind. */
export type UploadFolder = 'temp' | 'zip';

/**
 * Uploaded files on the local disk under `{DATA_DIR}/files/uploads/{folder}/{name}`. The name is
 * always one the server made (a uuid and an extension, {@link UPLOAD_FILE_NAME}); anything else is
 * refused here too, so a bug upstream cannot become path traversal. (The album has a similar store,
 * but features do not import each other, and this one needs no reads.)
 */
export class UploadStore {
  constructor(private readonly root: string) {}

  /** Writes atomically: a temporary file beside the target, then a rename over it. */
  async write(folder: UploadFolder, name: string, data: Uint8Array): Promise<string> {
    if (!UPLOAD_FILE_NAME.test(name))
      throw new Error(`unsafe upload name: ${JSON.stringify(name)}`);
    const dir = path.join(this.root, folder);
    await mkdir(dir, { recursive: true });
    const target = path.join(dir, name);
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, target);
    } catch (err: unknown) {
      await rm(temp, { force: true });
      throw new Error(`cannot write upload ${folder}/${name}`, { cause: err });
    }
    return `uploads/${folder}/${name}`;
  }
}
