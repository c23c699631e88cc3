/**
 * Reuses album list answers while an album is unchanged. Each lookup still asks the database
 * for the album's stamp (row count, newest creation, newest update), which is cheap, so an
 * answer is never stale: any save, edit or delete, by this process or another instance on the
 * same database, changes the stamp. Only large answers are kept, within a byte budget, least
 * recently used first out.
 */
export interface AlbumListCacheOptions {
  /** Answers shorter than this are cheap to rebuild and not kept. */
  minBytes?: number;
  /** The most the cache holds, in UTF-16 code units of the kept answers. */
  maxBytes?: number;
}

interface Entry {
  stamp: string;
  answer: string;
}

export class AlbumListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly minBytes: number;
  private readonly maxBytes: number;

  constructor({ minBytes = 16_384, maxBytes = 32 * 1024 * 1024 }: AlbumListCacheOptions = {}) {
    this.minBytes = minBytes;
    this.maxBytes = maxBytes;
  }

  /** The kept answer for `key` if it was built at `stamp`, else `build()`'s (kept if large). */
  async get(key: string, stamp: string, build: () => Promise<string>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit?.stamp === stamp) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.answer;
    }
    const answer = await build();
    this.remove(key);
    if (answer.length >= this.minBytes && answer.length <= this.maxBytes) {
      this.entries.set(key, { stamp, answer });
      this.bytes += answer.length;
      for (const [oldest, entry] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.entries.delete(oldest);
        this.bytes -= entry.answer.length;
      }
    }
    return answer;
  }

  /** How many answers are kept, and their size. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.answer.length;
  }
}
