import { UploadLimits, UploadText } from '@atrium/protocol';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { badRequest } from '../../http/errors.ts';
import { AppError } from '../../http/errors.ts';
import { ErrorCode } from '@atrium/protocol';

/** The one file of an uploaded zip, inflated in memory. Its archive name is NOT a path to use. */
export interface ZipSingleFile {
  /** The entry's name as the archive gave it; only its extension may be looked at. */
  archiveName: string;
  data: Buffer;
}

const tooLarge = () => new AppError(413, ErrorCode.payloadTooLarge, UploadText.zipUnpackedTooLarge);

/** yauzl's refusals of an entry name (`../x`, `/x`, `C:\x`, control characters). */
const UNSAFE_NAME = /invalid relative path|absolute path|invalid characters in fileName/;

/**
 * Reads a zip that must hold exactly one file (folder entries aside), with every check made
 * before the caller writes anything:
 * 1. the central directory's entry count (at most {@link UploadLimits.zipMaxEntries});
 * 2. every entry's name (yauzl refuses traversal and absolute names) and kind;
 * 3. the file's declared unpacked size;
 * 4. the actual inflated size, counted while inflating and cut off at the limit; yauzl also
 *    fails the stream as soon as it yields more bytes than the header declared.
 */
export async function readSingleFileZip(buffer: Buffer): Promise<ZipSingleFile> {
  const max = UploadLimits.zipMaxUnpackedBytes;
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > UploadLimits.zipMaxEntries) throw badRequest(UploadText.zipNeedsOneFile);
    const entries = await readEntries(zip);
    const files = entries.filter((entry) => !entry.fileName.endsWith('/'));
    const [file] = files;
    if (files.length !== 1 || !file) throw badRequest(UploadText.zipNeedsOneFile);
    if (file.isEncrypted()) throw badRequest(UploadText.zipEncrypted);
    if (file.uncompressedSize > max) throw tooLarge();
    const data = await inflate(zip, file, max);
    return { archiveName: file.fileName, data };
  } finally {
    zip.close();
  }
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => {
        if (err || !zip) reject(badRequest(UploadText.notAZip));
        else resolve(zip);
      },
    );
  });
}

/** Every entry of the central directory (already capped by the caller's entry count check). */
function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    const fail = (err: Error) => {
      zip.removeAllListeners();
      reject(
        badRequest(UNSAFE_NAME.test(err.message) ? UploadText.zipUnsafeName : UploadText.notAZip),
      );
    };
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => {
      zip.removeAllListeners();
      resolve(entries);
    });
    zip.once('error', fail);
    zip.readEntry();
  });
}

/** Inflates one entry into memory, never past `max` bytes whatever its header says. */
function inflate(zip: ZipFile, entry: Entry, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) {
        reject(badRequest(UploadText.notAZip));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = (error: Error | undefined) => {
        if (done) return;
        done = true;
        if (error) {
          stream.destroy();
          reject(error);
        } else resolve(Buffer.concat(chunks, size));
      };
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) finish(tooLarge());
        else chunks.push(chunk);
      });
      stream.on('error', (streamError: Error) =>
        finish(
          /too many bytes|too few bytes/.test(streamError.message)
            ? badRequest(UploadText.zipSizeMismatch)
            : badRequest(UploadText.notAZip),
        ),
      );
      stream.on('end', () => finish(undefined));
    });
  });
}
