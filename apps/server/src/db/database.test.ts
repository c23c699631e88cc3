import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { openDatabase } from './database.ts';

describe.each(testDatabaseKinds())('migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  it('are applied, and running them again changes nothing', async () => {
    await database.migrate();
    const result: unknown = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = result as { rows: Array<{ table_name: string }> };
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'audit_log',
      'call_room_members',
      'character_looks',
      'chat_messages',
      'chat_room_data',
      'classroom_breakouts',
      'classroom_channels',
      'classroom_group_members',
      'classroom_hands',
      'classroom_lobby',
      'classroom_media_placements',
      'classroom_participants',
      'classroom_poll_votes',
      'classroom_polls',
      'classroom_session_events',
      'classroom_sessions',
      'darts_matches',
      'darts_sessions',
      'event_submissions',
      'friendships',
      'game_data',
      'inbox_messages',
      'mail_outbox',
      'notifications',
      'oidc_identities',
      'player_slots',
      'posters',
      'refresh_tokens',
      'render_nodes',
      'render_slots',
      'reports',
      'room_board_elements',
      'room_states',
      'sanctions',
      'screenshots',
      'settings',
      'share_links',
      'shares',
      'siwe_nonces',
      'token_revocations',
      'user_blocks',
      'user_tokens',
      'users',
      'wallet_links',
    ]);
  });

  if (kind !== 'postgres') return;
  it('can run from several processes at once', async () => {
    // Two more handles on the same database, migrating concurrently against the advisory lock.
    const others = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: 'postgres', url: database.url as string })),
    );
    await Promise.all([database.migrate(), ...others.map((d) => d.migrate())]);
    await Promise.all(others.map((d) => d.close()));
  });
});
