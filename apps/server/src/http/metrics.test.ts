import { PROTOCOL_VERSION } from '@atrium/protocol';
import type { ClientToServerEvents, ServerToClientEvents } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { MetricsText } from './metrics.ts';

const TOKEN = 'a-metrics-token-for-tests';

describe.each(testDatabaseKinds())('/metrics on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    socket?.disconnect();
    await server.close();
    await database.dispose();
  });

  const scrape = (authorization?: string) =>
    fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: false, message: MetricsText.tokenRequired });
    }
  });

  it('reports route latency, open sockets, world instances, event-loop lag and the pool', async () => {
    const guest = await fetch(`${server.url}/api/auth/guest`, { method: 'POST' });
    const { token } = (await guest.json()) as { token: string };
    socket = connect(server.url, {
      path: '/api/socket',
      transports: ['websocket'],
      reconnection: false,
      auth: { protocol: PROTOCOL_VERSION, token },
    });
    const joined = await socket.emitWithAck('world:join', { world: 'campus' });
    if (!joined.status) throw new Error(joined.message);
    const { instanceId } = joined.data;

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/guest",status_code="200"\} 1\n/,
    );
    expect(text).toMatch(/^atrium_open_sockets 1$/m);
    expect(text).toMatch(/^atrium_world_instances\{world="campus"\} 1$/m);
    expect(text).toContain(
      `atrium_world_instance_members{world="campus",instance="${instanceId}"} 1`,
    );
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    if (kind === 'postgres')
      expect(text).toMatch(/^atrium_db_pool_connections\{state="total"\} \d/m);

    socket.disconnect();
    await expect
      .poll(async () => await (await scrape(`Bearer ${TOKEN}`)).text())
      .toMatch(/^atrium_open_sockets 0$/m);
    const after = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(after).not.toContain(`instance="${instanceId}"`);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('/metrics of two processes on one Redis', () => {
  it('reports the campus-wide instances from either process, and each its own sockets', async () => {
    const database = await createTestDatabase('pglite');
    const env = { METRICS_TOKEN: TOKEN, REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
    const [a, b] = [await startTestApp(database, env), await startTestApp(database, env)];
    let visitor: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
    try {
      const guest = await fetch(`${a.url}/api/auth/guest`, { method: 'POST' });
      const { token } = (await guest.json()) as { token: string };
      visitor = connect(a.url, {
        path: '/api/socket',
        transports: ['websocket'],
        reconnection: false,
        auth: { protocol: PROTOCOL_VERSION, token },
      });
      const joined = await visitor.emitWithAck('world:join', { world: 'campus' });
      if (!joined.status) throw new Error(joined.message);
      const { instanceId } = joined.data;

      const scrape = async (url: string) =>
        (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      // The visitor is on a; b reports its instance too (other test runs may share the campus).
      const onB = await scrape(b.url);
      const members = new RegExp(
        `^atrium_world_instance_members\\{world="campus",instance="${instanceId}"\\} (\\d+)$`,
        'm',
      ).exec(onB);
      expect(Number(members?.[1])).toBeGreaterThanOrEqual(1);
      expect(onB).toMatch(/^atrium_world_instances\{world="campus"\} [1-9]\d*$/m);
      // Sockets stay per process: the visitor's is open on a only.
      expect(onB).toMatch(/^atrium_open_sockets 0$/m);
      expect(await scrape(a.url)).toMatch(/^atrium_open_sockets 1$/m);
    } finally {
      visitor?.disconnect();
      await a.close();
      await b.close();
      await database.dispose();
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const database = await createTestDatabase('pglite');
    const server = await startTestApp(database);
    try {
      const res = await fetch(`${server.url}/metrics`, {
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(res.status).toBe(404);
    } finally {
      await server.close();
      await database.dispose();
    }
  });
});
