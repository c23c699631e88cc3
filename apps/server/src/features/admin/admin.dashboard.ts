import { isClassroomRoom, isGroupChannel } from '@atrium/protocol';
import type { Dashboard } from '@atrium/protocol';
import { mediaClients } from '../../media/janus/index.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { FeatureDeps } from '../feature.ts';
import { requireAdmin } from './admin.access.ts';
import type { AdminRepository } from './admin.repository.ts';

/** How long the chain may take to say its block number before the dashboard calls it down. */
const CHAIN_TIMEOUT_MS = 2000;

type DashboardDeps = Pick<
  FeatureDeps,
  'io' | 'world' | 'media' | 'chain' | 'errors' | 'config' | 'now'
>;

/** Issue 29's dashboard: one read of whether the campus is well, gathered from every part. */
export class DashboardService {
  constructor(
    private readonly repo: AdminRepository,
    private readonly deps: DashboardDeps,
  ) {}

  async read(claims: AuthClaims | null): Promise<Dashboard> {
    requireAdmin(claims);
    const [online, instances, present, chain, errors] = await Promise.all([
      this.online(),
      this.deps.world.instances(),
      this.repo.presentInRooms(),
      this.chain(),
      this.deps.errors.lastHour(),
    ]);
    const classes = new Map<string, Array<{ name: string; role: string }>>();
    const callRooms = new Set<string>();
    let callPeople = 0;
    for (const row of present) {
      if (isClassroomRoom(row.channel) || isGroupChannel(row.channel)) {
        const list = classes.get(row.channel) ?? [];
        list.push({ name: row.name, role: row.role });
        classes.set(row.channel, list);
      } else {
        callRooms.add(row.channel);
        callPeople += 1;
      }
    }
    const media = this.deps.media();
    return {
      at: this.deps.now().toISOString(),
      online,
      instances: [...instances].sort((a, b) => b.size - a.size),
      classes: [...classes]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([channel, people]) => ({ channel, people })),
      calls: { rooms: callRooms.size, people: callPeople },
      media: media
        ? { state: 'up', servers: mediaClients(media).length }
        : { state: this.deps.config.CLASSROOM_MEDIA === 'mesh' ? 'off' : 'down', servers: 0 },
      chain,
      errors_last_hour: errors,
    };
  }

  /** Distinct people with a socket open, on every process (through the Redis adapter). */
  private async online(): Promise<Dashboard['online']> {
    const io = this.deps.io();
    if (!io) return { members: 0, guests: 0 };
    const members = new Set<string>();
    const guests = new Set<string>();
    for (const socket of await io.fetchSockets()) {
      const auth = socket.data.auth;
      if (!auth) continue;
      (auth.role === 'guest' ? guests : members).add(auth.sub);
    }
    return { members: members.size, guests: guests.size };
  }

  private async chain(): Promise<Dashboard['chain']> {
    if (this.deps.config.WALLET === 'off') return { state: 'off', block: null };
    const chain = this.deps.chain();
    if (!chain) return { state: 'down', block: null };
    try {
      const block = await Promise.race([
        chain.client.getBlockNumber(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), CHAIN_TIMEOUT_MS).unref(),
        ),
      ]);
      return { state: 'up', block: Number(block) };
    } catch {
      return { state: 'down', block: null };
    }
  }
}
