import { PROTOCOL_VERSION, WorldConstants } from '@atrium/protocol';
import type { ClientToServerEvents, ServerToClientEvents } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { startTestApp } from '../../test/test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { SOCKET_EVENT_LIMITS, SocketLimitText } from './socket-limits.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('per-user socket event limits', () => {
  let database: TestDatabase;
  let server: TestApp;
  const opened: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestApp(database);
  });
  afterAll(async () => {
    for (const s of opened) s.disconnect();
    await server.close();
    await database.dispose();
  });

  async function open(token: string): Promise<ClientSocket> {
    const socket: ClientSocket = connect(server.url, {
      path: '/api/socket',
      transports: ['websocket'],
      reconnection: false,
      auth: { protocol: PROTOCOL_VERSION, token },
    });
    opened.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('leaves room for a normal client in two tabs', () => {
    const move = SOCKET_EVENT_LIMITS['world:move'];
    expect(move.limit / (move.windowMs / 1000)).toBeGreaterThanOrEqual(2 * WorldConstants.sendHz);
  });

  it('drops a move flood past the budget and shares the budget between one user’s sockets', async () => {
    const res = await fetch(`${server.url}/api/auth/guest`, { method: 'POST' });
    const { token } = (await res.json()) as { token: string };
    const [a, b] = [await open(token), await open(token)];
    const joined = await a.emitWithAck('world:join', { world: 'campus' });
    expect(joined.status).toBe(true);
    if (!joined.status) return;
    const { x, y, z } = joined.data.self;

    const { limit } = SOCKET_EVENT_LIMITS['world:move'];
    const before = server.app.realtime.limitedMessages();
    for (let i = 0; i < limit + 50; i += 1) a.emit('world:move', { x, y, z, ry: 0, anim: 'idle' });
    // Events of one socket are handled in order: once the ping is answered, the moves were seen.
    await a.emitWithAck('system:ping', { sentAt: Date.now() });
    expect(server.app.realtime.limitedMessages() - before).toBe(50);

    const joins = SOCKET_EVENT_LIMITS['world:join'].limit;
    const answers = [];
    for (let i = 1; i <= joins; i += 1) {
      answers.push(await (i % 2 ? b : a).emitWithAck('world:join', { world: 'campus' }));
    }
    expect(answers.slice(0, joins - 1).every((r) => r.status)).toBe(true);
    expect(answers.at(-1)).toEqual({ status: false, message: SocketLimitText.tooMany });
  });
});
