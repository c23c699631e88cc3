import { UPLOAD_FILE_NAME } from '@atrium/protocol';
import { FileStore } from '../../lib/file-store.ts';

/** The folders of the store, one per upload kind. */
export type UploadFolder = 'temp' | 'zip';

/**
 * Uploaded files on the local disk under `{DATA_DIR}/files/uploads/{folder}/{name}`, written
 * atomically by the shared {@link FileStore}. The name is always one the server made (a uuid and
 * an extension, {@link UPLOAD_FILE_NAME}); anything else is refused here too, so a bug upstream
 * cannot become path traversal.
 */
export class UploadStore {
  private readonly files: FileStore;

  /** `filesDir`: `{DATA_DIR}/files`. */
  constructor(filesDir: string) {
    this.files = new FileStore(filesDir);
  }

  async write(folder: UploadFolder, name: string, data: Uint8Array): Promise<string> {
    if (!UPLOAD_FILE_NAME.test(name))
      throw new Error(`unsafe upload name: ${JSON.stringify(name)}`);
    await this.files.write(['uploads', folder, name], data);
    return `uploads/${folder}/${name}`;
  }
}
