import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { ApiRoutes, PROTOCOL_VERSION } from '@atrium/protocol';
import type { FastifyInstance } from 'fastify';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { features } from './index.ts';
import type { Feature } from './index.ts';

describe('the feature registry', () => {
  it('lists every feature folder once, each by its folder name', () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(features.map((feature) => feature.name).sort()).toEqual(folders);
  });
});

describe('a registered feature', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let url: string;

  const probe: Feature = {
    name: 'probe',
    async register(server, deps) {
      server.get('/api/probe', () => ({ status: true as const, message: 'routes' }));
      deps.socket((socket) => socket.emit('system:announce', { message: 'main' }));
      deps.namespace(/^\/probe-\d+$/, (socket) =>
        socket.emit('system:announce', { message: socket.nsp.name }),
      );
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST: '/x',
    });
    app = await buildApp({ config, database, features: [...features, probe] });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  function announced(path: string, token?: string): Promise<string> {
    const socket = connect(`${url}${path}`, {
      path: '/api/socket',
      transports: ['websocket'],
      reconnection: false,
      auth: { protocol: PROTOCOL_VERSION, ...(token && { token }) },
    });
    return new Promise<string>((resolve, reject) => {
      socket.once('system:announce', (p: { message: string }) => resolve(p.message));
      socket.once('connect_error', reject);
    }).finally(() => socket.disconnect());
  }

  it('gets its routes, its socket handlers and its namespace from one register call', async () => {
    expect(await (await fetch(`${url}/api/probe`)).json()).toEqual({
      status: true,
      message: 'routes',
    });
    expect(await announced('/')).toBe('main');
    const guest = (await (await fetch(`${url}/api/auth/guest`, { method: 'POST' })).json()) as {
      token: string;
    };
    expect(await announced('/probe-3', guest.token)).toBe('/probe-3');
  });

  it('serves every route of the contract (`@atrium/protocol` ApiRoutes)', () => {
    const missing = Object.entries(ApiRoutes).flatMap(([domain, api]) =>
      Object.entries(api)
        .filter(([, route]) => !app.hasRoute({ method: route.method, url: route.path }))
        .map(([name, route]) => `${domain}.${name}: ${route.method} ${route.path}`),
    );
    expect(missing).toEqual([]);
  });
});
