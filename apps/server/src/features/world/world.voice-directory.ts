// Who is in an instance's voice, on every process (issue 30 §2): each process keeps the Janus
// sessions of its own sockets, and writes here what the others need to choose voices for their
// listeners. With Redis, one hash per instance; without, this process's memory.
import type { RedisClientType } from 'redis';

/** One person in an instance's voice. */
export interface VoiceEntry {
  /** The avatar id. */
  id: string;
  /** The account (or guest id). */
  account: string;
  /** Janus's feed id of their publisher. */
  feed: number;
  /** The microphone's m-line once Janus has their audio; null before (not subscribable yet). */
  mid: string | null;
  /** Their own microphone switch. */
  mic: boolean;
  moderator: boolean;
  megaphone: boolean;
}

export interface VoiceDirectory {
  put(instanceId: string, entry: VoiceEntry): Promise<void>;
  remove(instanceId: string, id: string): Promise<void>;
  entries(instanceId: string): Promise<VoiceEntry[]>;
  /** A teacher's mute holds for the account in this instance, through reloads. */
  setMuted(instanceId: string, account: string, muted: boolean): Promise<void>;
  muted(instanceId: string): Promise<Set<string>>;
}

export class MemoryVoiceDirectory implements VoiceDirectory {
  private readonly byInstance = new Map<string, Map<string, VoiceEntry>>();
  private readonly mutedBy = new Map<string, Set<string>>();

  put(instanceId: string, entry: VoiceEntry): Promise<void> {
    let entries = this.byInstance.get(instanceId);
    if (!entries) this.byInstance.set(instanceId, (entries = new Map<string, VoiceEntry>()));
    entries.set(entry.id, { ...entry });
    return Promise.resolve();
  }

  remove(instanceId: string, id: string): Promise<void> {
    const entries = this.byInstance.get(instanceId);
    entries?.delete(id);
    if (entries?.size === 0) this.byInstance.delete(instanceId);
    return Promise.resolve();
  }

  entries(instanceId: string): Promise<VoiceEntry[]> {
    return Promise.resolve([...(this.byInstance.get(instanceId)?.values() ?? [])]);
  }

  setMuted(instanceId: string, account: string, muted: boolean): Promise<void> {
    let set = this.mutedBy.get(instanceId);
    if (!set) this.mutedBy.set(instanceId, (set = new Set()));
    if (muted) set.add(account);
    else set.delete(account);
    return Promise.resolve();
  }

  muted(instanceId: string): Promise<Set<string>> {
    return Promise.resolve(new Set(this.mutedBy.get(instanceId)));
  }
}

/** An instance's voice outlives a day of nobody writing to it only by mistake. */
const VOICE_TTL_S = 24 * 60 * 60;

export class RedisVoiceDirectory implements VoiceDirectory {
  constructor(
    private readonly redis: RedisClientType,
    /** Where the keys start (`worldKeyPrefix`). */
    private readonly prefix = 'atrium:',
  ) {}

  private entriesKey(instanceId: string) {
    return `${this.prefix}voice:${instanceId}`;
  }

  private mutedKey(instanceId: string) {
    return `${this.prefix}voice-muted:${instanceId}`;
  }

  async put(instanceId: string, entry: VoiceEntry): Promise<void> {
    const key = this.entriesKey(instanceId);
    await this.redis
      .multi()
      .hSet(key, entry.id, JSON.stringify(entry))
      .expire(key, VOICE_TTL_S)
      .exec();
  }

  async remove(instanceId: string, id: string): Promise<void> {
    await this.redis.hDel(this.entriesKey(instanceId), id);
  }

  async entries(instanceId: string): Promise<VoiceEntry[]> {
    const all = await this.redis.hGetAll(this.entriesKey(instanceId));
    const entries: VoiceEntry[] = [];
    for (const value of Object.values(all)) {
      try {
        entries.push(JSON.parse(value) as VoiceEntry);
      } catch {
        // A value this code did not write: not a voice.
      }
    }
    return entries;
  }

  async setMuted(instanceId: string, account: string, muted: boolean): Promise<void> {
    const key = this.mutedKey(instanceId);
    if (muted) await this.redis.multi().sAdd(key, account).expire(key, VOICE_TTL_S).exec();
    else await this.redis.sRem(key, account);
  }

  async muted(instanceId: string): Promise<Set<string>> {
    return new Set(await this.redis.sMembers(this.mutedKey(instanceId)));
  }
}
