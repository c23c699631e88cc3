// Issue 27, item 12: a call rings for CALL_RING_SECONDS, then it is a missed call; the caller can
// hang up while it rings. Driven over the real socket as a client page would drive it.
import { SocialText } from '@atrium/protocol';
import type { AnswerAck, InboxMessage } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { ask, ok } from '../../../test/socket-client.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { createPerson, JWT_SECRET, openClient } from '../../../test/people.ts';
import type { Client, Person } from '../../../test/people.ts';

/** The ring, shortened for the test (the default is 30 s). */
const RING_SECONDS = 1;

describe.each(testDatabaseKinds())('a call that rings out (%s)', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, {
      JWT_SECRET,
      CALL_RING_SECONDS: String(RING_SECONDS),
    });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await database.dispose();
  });

  const person = (base: string) => createPerson(database.db, base);
  const online = async (p: Person) => {
    const client = await openClient(server.url, p.token);
    clients.push(client);
    await ok(ask(client.socket, 'social:inbox', {}));
    return client;
  };
  /** The missed-call notifications a client was told of. */
  const missedCalls = (c: Client) =>
    c.seen.filter(
      (s) =>
        s.event === 'social:notification' &&
        (s.payload as { notification: { type: string } }).notification.type === 'missed-call',
    );
  const waiting = async (c: Client) =>
    (await ok<{ messages: InboxMessage[] }>(ask(c.socket, 'social:inbox', {}))).messages;

  it('stops ringing after the ring: a missed call for her, "did not answer" for him', async () => {
    const [caller, callee, third] = [await person('rc'), await person('re'), await person('rt')];
    const a = await online(caller);
    const b = await online(callee);
    const c = await online(third);
    const started = Date.now();
    await ok(ask(a.socket, 'social:call', { username: callee.name }));
    await b.wait('social:message', (m) => m.type === 'call');
    // While it rings, she is busy for everyone else.
    expect(await ask(c.socket, 'social:call', { username: callee.name })).toEqual({
      status: false,
      message: SocialText.busy,
    });

    const cleared = await b.wait('social:cleared');
    expect(cleared).toEqual({ inbox: 'CallUser' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(RING_SECONDS * 1000 - 50);
    expect((await a.wait('social:reply')).text).toBe(SocialText.didNotAnswer(callee.name));
    const missed = await b.wait(
      'social:notification',
      (n) => n.notification.type === 'missed-call',
    );
    expect(missed.notification.text).toBe(SocialText.missedCall(caller.name));

    // Answering now finds nothing; a new call from someone else rings.
    expect(await ask(b.socket, 'social:answer', { inbox: 'CallUser', accept: true })).toEqual({
      status: false,
      message: SocialText.nothingPending,
    });
    expect(await waiting(b)).toEqual([]);
    await ok(ask(c.socket, 'social:call', { username: callee.name }));
    expect((await b.wait('social:message', (m) => m.type === 'call', 2)).from).toBe(third.name);
  });

  it('does not ring again for someone who comes back after the ring', async () => {
    const [caller, callee] = [await person('sc'), await person('se')];
    const a = await online(caller);
    let b = await online(callee);
    await ok(ask(a.socket, 'social:call', { username: callee.name }));
    await b.wait('social:message', (m) => m.type === 'call');
    // She closes her tab and comes back after the ring.
    b.close();
    await a.wait('social:reply');
    b = await online(callee);
    expect((await waiting(b)).filter((m) => m.type === 'call')).toEqual([]);
    expect(b.seen.filter((s) => s.event === 'social:message')).toEqual([]);
  });

  it('lets the caller hang up while it rings, and only the caller', async () => {
    const [caller, callee, other] = [await person('hc'), await person('he'), await person('ho')];
    const a = await online(caller);
    const b = await online(callee);
    const o = await online(other);
    await ok(ask(a.socket, 'social:call', { username: callee.name }));
    await b.wait('social:message', (m) => m.type === 'call');

    // Someone else cannot hang up his call.
    expect(await ask(o.socket, 'social:cancel-call', { username: callee.name })).toEqual({
      status: false,
      message: SocialText.noCallToCancel,
    });
    expect((await waiting(b)).map((m) => m.from)).toEqual([caller.name]);

    expect(await ok(ask(a.socket, 'social:cancel-call', { username: callee.name }))).toEqual({
      message: SocialText.callCancelled(callee.name),
    });
    expect(await b.wait('social:cleared')).toEqual({ inbox: 'CallUser' });
    const missed = await b.wait(
      'social:notification',
      (n) => n.notification.type === 'missed-call',
    );
    expect(missed.notification.text).toBe(SocialText.missedCall(caller.name));
    expect(await waiting(b)).toEqual([]);
    // Nothing left to hang up, or to answer; the ring-out that follows says nothing more.
    expect(await ask(a.socket, 'social:cancel-call', { username: callee.name })).toEqual({
      status: false,
      message: SocialText.noCallToCancel,
    });
    await new Promise((r) => setTimeout(r, RING_SECONDS * 1000 + 300));
    expect(a.seen.filter((s) => s.event === 'social:reply')).toEqual([]);
    expect(missedCalls(b)).toHaveLength(1);
  });

  it('an answered call is not a missed one', async () => {
    const [caller, callee] = [await person('ac'), await person('ae')];
    const a = await online(caller);
    const b = await online(callee);
    await ok(ask(a.socket, 'social:call', { username: callee.name }));
    await b.wait('social:message', (m) => m.type === 'call');
    await ok<AnswerAck>(ask(b.socket, 'social:answer', { inbox: 'CallUser', accept: false }));
    expect((await a.wait('social:reply')).text).toBe(SocialText.rejectedCall(callee.name));
    await new Promise((r) => setTimeout(r, RING_SECONDS * 1000 + 300));
    expect(a.seen.filter((s) => s.event === 'social:reply')).toHaveLength(1);
    expect(missedCalls(b)).toEqual([]);
  });
});
