import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { CallRoomsRepository } from '../../calls/call-rooms.ts';
import { MemoryRateLimiter } from '../../http/rate-limit.ts';
import type { AtriumServer } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { SocialContext } from './social.context.ts';
import { MemoryPresence } from './social.presence.ts';
import { SocialPresence } from './social.presence.service.ts';
import { SocialRepository } from './social.repository.ts';

// A reload closes a member's old socket and opens a new one. Each edge announces after reading
// the member's friends; when the "went" edge's read is the slower one (a loaded machine), its
// announcement used to go out last and friends saw someone offline who was there (the social
// e2e's friend row, in a CI run). The real repository over PGlite, its friends read delayed.
describe('presence announcements say what is true when sent', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.dispose());

  function setUp() {
    const repo = new SocialRepository(database.db);
    const delays: number[] = [];
    const slow = Object.create(repo) as SocialRepository;
    slow.friendIds = async (id: string) => {
      await sleep(delays.shift() ?? 0);
      return repo.friendIds(id);
    };
    const sent: boolean[] = [];
    // The socket server's one call here: to(rooms).emit('social:presence', payload).
    const io = {
      to: () => ({
        emit: (_event: string, payload: { online: boolean }) => sent.push(payload.online),
      }),
    } as unknown as AtriumServer;
    const presence = new SocialPresence(
      new SocialContext({
        repo: slow,
        presence: new MemoryPresence(),
        limiter: new MemoryRateLimiter(),
        io: () => io,
        development: false,
        callRooms: new CallRoomsRepository(database.db),
      }),
    );
    return { presence, delays, sent };
  }
  const claims = {
    sub: '00000000-0000-4000-8000-00000000b0b0',
    username: 'bob',
    role: 'member',
  } as AuthClaims;

  it('a reload whose "went" read is slow still ends online', async () => {
    const { presence, delays, sent } = setUp();
    await presence.connected(claims, 'old');
    expect(sent).toEqual([true]);
    delays.push(150, 0);
    await Promise.all([presence.disconnected(claims, 'old'), presence.connected(claims, 'new')]);
    expect(sent.at(-1)).toBe(true);
    expect(sent.slice(1).every(Boolean)).toBe(true);
  });

  it('leaving for good ends offline', async () => {
    const { presence, sent } = setUp();
    await presence.connected(claims, 'only');
    await presence.disconnected(claims, 'only');
    expect(sent).toEqual([true, false]);
  });
});
