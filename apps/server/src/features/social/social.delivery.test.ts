import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { befriend, createPerson, JWT_SECRET, openClient } from '../../../test/people.ts';
import type { Client, Person } from '../../../test/people.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';

/** Counts the statements the app sends to its database, at its driver (PGlite or pg's pool). */
function countStatements(db: AppDb): { readonly count: number } {
  type Query = (...args: unknown[]) => unknown;
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const query = client.query.bind(client);
  const counter = { count: 0 };
  client.query = (...args: unknown[]) => {
    counter.count += 1;
    return query(...args);
  };
  return counter;
}

// Issue 27: a call made five database round trips before it was delivered, and a loaded machine
// stretched each of them. Now one statement checks, stores and answers what delivery needs.
describe.each(testDatabaseKinds())('delivering a call on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  let statements: { readonly count: number };
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, { JWT_SECRET });
    statements = countStatements(database.db);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await database.dispose();
  });

  const online = async (p: Person) => {
    const client = await openClient(server.url, p.token);
    clients.push(client);
    await ok(ask(client.socket, 'social:inbox', {}));
    return client;
  };
  /** This server's socket of `p` (there is one). */
  const serverSocket = (p: Person) => {
    const socket = [...server.app.realtime.io.of('/').sockets.values()].find(
      (s) => s.data.auth?.sub === p.id,
    );
    if (!socket) throw new Error(`no socket of ${p.name}`);
    return socket;
  };

  it('reaches the callee after one database statement, friend or not, notified by it too', async () => {
    const person = (base: string) => createPerson(database.db, base);
    const [caller, friend, stranger] = [await person('dc'), await person('df'), await person('ds')];
    await befriend(server.url, caller, friend);
    const a = await online(caller);
    for (const callee of [friend, stranger]) {
      const b = await online(callee);
      let received = -1;
      let delivered = -1;
      serverSocket(caller).onAny((event: string) => {
        if (event === 'social:call') received = statements.count;
      });
      serverSocket(callee).onAnyOutgoing((event: string) => {
        if (event === 'social:message') delivered = statements.count;
      });
      const heard = b.wait('social:message');
      expect(
        await ok(ask(a.socket, 'social:call', { username: callee.name.toUpperCase() })),
      ).toEqual({ message: 'Data sent to user' });
      expect(await heard).toMatchObject({
        type: 'call',
        from_id: caller.id,
        isFriend: callee === friend,
      });
      expect(received).toBeGreaterThanOrEqual(0);
      expect(delivered - received).toBe(1);
      // The callee's notification was stored by that statement too: nothing more before the ack.
      expect(statements.count - received).toBe(1);
      expect(await b.wait('social:notification')).toMatchObject({
        notification: { type: 'call', sendBy: caller.id, sendByUserName: caller.name },
        // The friend has the friend request unread too.
        unread: callee === friend ? 2 : 1,
      });
      serverSocket(caller).offAny();
    }
  });
});
