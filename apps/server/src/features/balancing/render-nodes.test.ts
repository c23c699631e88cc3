// Issue 31: render nodes register and report, streamed visitors' slots take places on them, and
// a node that dies or leaves gives its visitors back to the page. Two campus processes on one
// PostgreSQL database (two pools) hand out places from the same nodes.
import { BalancingText } from '@atrium/protocol';
import type { PlayerSlot, RenderNodeOrders, RenderNodeReport } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import { playerSlots, renderNodes } from '../../db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';

const SECRET = 'render-node-secret-0123456789';
const TTL_S = 6;

const node = (id: string, capacity: number): RenderNodeReport => ({
  id,
  name: `Node ${id}`,
  region: 'EUW',
  version: '1.0.0',
  capacity,
});

describe.each(testDatabaseKinds())('render nodes on %s', (kind) => {
  let database: TestDatabase;
  let second: Database | undefined;
  let a: TestApp;
  /** A second campus process on the same database (PostgreSQL only: PGlite is one process's). */
  let b: TestApp;

  const post = (url: string, path: string, body: unknown, authorization?: string) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify(body),
    });
  const report = async (n: RenderNodeReport, url = a.url): Promise<RenderNodeOrders> => {
    const res = await post(url, '/api/render/nodes/heartbeat', n, `Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: RenderNodeOrders }).data;
  };
  const guest = async (url = a.url) =>
    ((await (await fetch(`${url}/api/auth/guest`, { method: 'POST' })).json()) as { token: string })
      .token;
  const take = async (token: string, body: unknown, url = a.url) => {
    const res = await post(url, '/api/balancing/get-player-id', body, `Bearer ${token}`);
    return { status: res.status, body: (await res.json()) as { data: PlayerSlot } };
  };
  const availability = async (url = a.url) =>
    (
      (await (await fetch(`${url}/api/public/server/availability`)).json()) as {
        data: {
          availableSlots: number;
          nodes?: { name: string; availableSlots: number; totalSlots: number }[];
        };
      }
    ).data;
  /** Makes a node look silent for longer than the time to live. */
  const silence = (id: string) =>
    database.db
      .update(renderNodes)
      .set({ seenAt: sql`now() - interval '1 minute'` })
      .where(sql`${renderNodes.id} = ${id}`);
  const clear = async () => {
    await database.db.delete(playerSlots);
    await database.db.delete(renderNodes);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const env = {
      STREAM_SLOTS: '20',
      RENDER_NODE_SECRET: SECRET,
      RENDER_NODE_TTL_SECONDS: String(TTL_S),
    };
    a = await startTestApp(database, env);
    if (kind === 'postgres') {
      second = await openDatabase({ kind: 'postgres', url: database.url ?? '' });
      b = await startTestApp(second, env);
    } else {
      b = a;
    }
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
    await second?.close();
    await database.dispose();
  });

  it('places streamed visitors on the least full node, reports each node’s room, and falls back to the page when all are full', async () => {
    expect(await report(node('n1', 2))).toEqual({ sessions: [], reportWithinSeconds: 2 });
    await report(node('n2', 1), b.url);
    expect((await availability()).nodes).toEqual([
      { name: 'Node n1', region: 'EUW', availableSlots: 2, totalSlots: 2 },
      { name: 'Node n2', region: 'EUW', availableSlots: 1, totalSlots: 1 },
    ]);

    const [g1, g2, g3, g4] = await Promise.all([guest(), guest(), guest(b.url), guest()]);
    // Four visitors ask at once, on both processes: three places, never two on one.
    const taken = await Promise.all([
      take(g1, { stream: true }),
      take(g2, { stream: true }, b.url),
      take(g3, { stream: true }),
      take(g4, { stream: true }, b.url),
    ]);
    for (const t of taken) expect(t.status).toBe(200);
    const places = taken.map((t) => t.body.data.stream);
    const placed = places.filter((p) => p != null);
    expect(placed).toHaveLength(3);
    expect(new Set(placed.map((p) => `${p.node.id}/${p.slot}`)).size).toBe(3);
    expect(
      placed
        .filter((p) => p.node.id === 'n1')
        .map((p) => p.slot)
        .sort(),
    ).toEqual([1, 2]);
    // The fourth still has a slot: it draws the world in the page.
    expect(places.filter((p) => p === null)).toHaveLength(1);
    expect((await availability(b.url)).nodes?.map((n) => n.availableSlots)).toEqual([0, 0]);

    // Each node is told the sessions it should draw.
    const orders = await report(node('n1', 2));
    expect(orders.sessions.map((s) => s.slot)).toEqual([1, 2]);
    const ids = taken.map((t) => t.body.data.uniqueId);
    for (const s of orders.sessions) expect(ids).toContain(s.uniqueId);

    // A slot taken without `stream` says nothing of a place.
    const plain = await take(await guest(), {});
    expect(plain.body.data).not.toHaveProperty('stream');

    // Giving the slot back (the unload beacon) frees its place on the node.
    const onN2 = taken.find((t) => t.body.data.stream?.node.id === 'n2')!;
    const reclaimed = await post(
      b.url,
      `/api/balancing/reclaim-player-id/${onN2.body.data.uniqueId}`,
      {},
    );
    expect(reclaimed.status).toBe(200);
    expect((await report(node('n2', 1))).sessions).toEqual([]);
    expect((await availability()).nodes?.find((n) => n.name === 'Node n2')?.availableSlots).toBe(1);
    await clear();
  });

  it('reclaims a silent node’s places, and its visitors keep their slot and draw in the page', async () => {
    await report(node('n1', 1));
    await report(node('n2', 1));
    const token = await guest();
    const first = await take(token, { stream: true });
    const place = first.body.data.stream!;
    expect(place).not.toBeNull();
    const { uniqueId } = first.body.data;

    // The visitor's renewals report the place while its node lives.
    const renewed = await take(token, { uniqueId, stream: true }, b.url);
    expect(renewed.body.data.stream).toEqual(place);

    // The node stops reporting: after the time to live it is gone on every process.
    await silence(place.node.id);
    const after = await take(token, { uniqueId, stream: true }, b.url);
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ uniqueId, stream: null });
    expect((await availability()).nodes?.map((n) => n.name)).toEqual([
      place.node.id === 'n1' ? 'Node n2' : 'Node n1',
    ]);

    // A node that leaves cleanly hands its visitors back at once.
    const other = await take(await guest(), { stream: true });
    const otherPlace = other.body.data.stream!;
    expect(otherPlace.node.id).not.toBe(place.node.id);
    const left = await post(
      a.url,
      `/api/render/nodes/${otherPlace.node.id}/leave`,
      {},
      `Bearer ${SECRET}`,
    );
    expect(left.status).toBe(200);
    expect(await availability()).not.toHaveProperty('nodes');
    const back = await take(await guest(), { stream: true });
    expect(back.body.data.stream).toBeNull();
    await clear();
  });

  it('frees the place of a viewer who stopped renewing (closed without the beacon, or the SDK’s inactivity stop)', async () => {
    await report(node('n1', 1));
    const token = await guest();
    const held = await take(token, { stream: true });
    expect(held.body.data.stream?.node.id).toBe('n1');
    expect((await report(node('n1', 1))).sessions).toHaveLength(1);
    // Its slot runs out unrenewed: the next sweep, on either process, frees the place with it.
    await database.db
      .update(playerSlots)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${playerSlots.uniqueId} = ${held.body.data.uniqueId}`);
    const next = await take(await guest(), { stream: true }, b.url);
    expect(next.body.data.stream).toMatchObject({ node: { id: 'n1' }, slot: 1 });
    expect((await report(node('n1', 1))).sessions).toEqual([
      { uniqueId: next.body.data.uniqueId, slot: 1 },
    ]);
    // The viewer who stopped cannot renew it back.
    const late = await take(token, { uniqueId: held.body.data.uniqueId, stream: true });
    expect(late.status).toBe(404);
    await clear();
  });

  it('refuses strangers and bad reports, changing nothing', async () => {
    const bad = [
      await post(a.url, '/api/render/nodes/heartbeat', node('n9', 1)),
      await post(a.url, '/api/render/nodes/heartbeat', node('n9', 1), 'Bearer wrong-secret'),
      await post(a.url, '/api/render/nodes/heartbeat', node('n9', 1), `Bearer ${SECRET}x`),
      await post(a.url, '/api/render/nodes/n9/leave', {}),
    ];
    for (const res of bad) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: false, message: BalancingText.unknownNode });
    }
    for (const body of [
      { ...node('n9', 1), capacity: -1 },
      { ...node('n9', 1), capacity: 1.5 },
      { ...node('n9', 1), id: 'Has Spaces' },
      { ...node('n9', 1), region: '' },
      { ...node('n9', 1), extra: true },
      { id: 'n9' },
    ]) {
      const res = await post(a.url, '/api/render/nodes/heartbeat', body, `Bearer ${SECRET}`);
      expect(res.status).toBe(400);
    }
    expect(
      (await post(a.url, '/api/render/nodes/NOT_OK/leave', {}, `Bearer ${SECRET}`)).status,
    ).toBe(400);
    const token = await guest();
    expect((await take(token, { stream: 'yes' })).status).toBe(400);
    expect(await database.db.select().from(renderNodes)).toEqual([]);
    expect(await availability()).not.toHaveProperty('nodes');
  });
});

describe('render nodes without a secret configured', () => {
  let database: TestDatabase;
  let app: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await startTestApp(database, {});
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('lets no node register, and streamed visitors draw in the page', async () => {
    const res = await fetch(`${app.url}/api/render/nodes/heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' },
      body: JSON.stringify(node('n1', 4)),
    });
    expect(res.status).toBe(401);
    const token = (
      (await (await fetch(`${app.url}/api/auth/guest`, { method: 'POST' })).json()) as {
        token: string;
      }
    ).token;
    const taken = await fetch(`${app.url}/api/balancing/get-player-id`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ stream: true }),
    });
    expect(((await taken.json()) as { data: PlayerSlot }).data.stream).toBeNull();
  });
});
