import { BalancingText } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerSlots } from '../../db/schema.ts';
import { SERVER_VERSION } from '../../paths.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';

describe.each(testDatabaseKinds())('stream slots on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let guestA = '';
  let guestB = '';

  const guest = async () =>
    (
      (await (await fetch(`${server.url}/api/auth/guest`, { method: 'POST' })).json()) as {
        token: string;
      }
    ).token;
  const take = (token: string, body?: unknown) =>
    fetch(`${server.url}/api/balancing/get-player-id`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const reclaim = (id: string) =>
    fetch(`${server.url}/api/balancing/reclaim-player-id/${id}`, { method: 'POST' });
  const availability = async () =>
    (
      (await (await fetch(`${server.url}/api/public/server/availability`)).json()) as {
        data: { availableSlots: number; totalSlots: number; waitingTime: number };
      }
    ).data;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, {
      STREAM_SLOTS: '2',
      STREAM_SLOT_TTL_SECONDS: '30',
      REGION: 'EUW',
    });
    guestA = await guest();
    guestB = await guest();
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it('hands out the lowest free slot, reports availability, and refuses when full', async () => {
    expect(await availability()).toEqual({ availableSlots: 2, totalSlots: 2, waitingTime: 0 });
    const first = (await (await take(guestA)).json()) as {
      status: boolean;
      data: { uniqueId: string; playerId: number };
    };
    expect(first.status).toBe(true);
    expect(first.data.playerId).toBe(1);
    const second = (await (await take(guestB)).json()) as {
      data: { uniqueId: string; playerId: number };
    };
    expect(second.data.playerId).toBe(2);
    expect(await availability()).toEqual({ availableSlots: 0, totalSlots: 2, waitingTime: 30 });

    const full = await take(guestA);
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({ status: false, message: BalancingText.noFreeSlot });

    // Reclaiming (no bearer: it runs from sendBeacon) frees the number for the next taker.
    expect((await reclaim(first.data.uniqueId)).status).toBe(200);
    const again = (await (await take(guestB)).json()) as { data: { playerId: number } };
    expect(again.data.playerId).toBe(1);
    await database.db.delete(playerSlots);
  });

  it('renews only the caller’s own slot', async () => {
    const mine = (await (await take(guestA)).json()) as {
      data: { uniqueId: string; playerId: number };
    };
    const renewed = await take(guestA, { uniqueId: mine.data.uniqueId });
    expect(renewed.status).toBe(200);
    expect(((await renewed.json()) as { data: unknown }).data).toEqual(mine.data);
    const stolen = await take(guestB, { uniqueId: mine.data.uniqueId });
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toMatchObject({ message: BalancingText.unknownSlot });
    await database.db.delete(playerSlots);
  });

  it('frees slots that were not renewed in time', async () => {
    const held = (await (await take(guestA)).json()) as { data: { uniqueId: string } };
    await database.db.execute(
      sql`update ${playerSlots} set expires_at = now() - interval '1 second' where unique_id = ${held.data.uniqueId}`,
    );
    expect((await availability()).availableSlots).toBe(2);
    const next = (await (await take(guestB)).json()) as { data: { playerId: number } };
    expect(next.data.playerId).toBe(1);
    await database.db.delete(playerSlots);
  });

  it('refuses bad input and strangers, changing nothing', async () => {
    expect(
      (await fetch(`${server.url}/api/balancing/get-player-id`, { method: 'POST' })).status,
    ).toBe(401);
    expect((await take(guestA, { uniqueId: 'not-a-uuid' })).status).toBe(400);
    expect((await take(guestA, { uniqueId: crypto.randomUUID(), extra: 1 })).status).toBe(400);
    expect((await reclaim('not-a-uuid')).status).toBe(400);
    expect((await reclaim(crypto.randomUUID())).status).toBe(200);
    expect((await availability()).availableSlots).toBe(2);
  });

  it('reports its version and region', async () => {
    const res = await fetch(`${server.url}/api/public/server/metadata`);
    expect(await res.json()).toEqual({
      status: true,
      data: { version: SERVER_VERSION, region: 'EUW', publicUrl: expect.stringMatching(/^http/) },
    });
  });
});
