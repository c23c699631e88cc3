// TURN against a real coturn: the server's credentials get a relay allocated, a wrong or expired
// one does not, and the classroom's join answer carries credentials that work.
import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION } from '@atrium/protocol';
import type { ClassJoinAck, IceServer } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/databases.ts';
import { janusBinary, NodePeer, startTestJanus } from '../../test/janus.ts';
import { ask, ok } from '../../test/socket-client.ts';
import type { ClientSocket } from '../../test/socket-client.ts';
import { startTestApp } from '../../test/test-app.ts';
import { gatherRelayCandidates, startTestTurn } from '../../test/turn.ts';
import type { TestTurn } from '../../test/turn.ts';
import { AccessTokens } from '../security/access-tokens.ts';
import { JanusClient } from './janus/index.ts';
import { firstExternalIPv4 } from './janus/janus-process.ts';
import type { JanusTurn } from './janus/janus-process.ts';
import { janusTurn, turnCredential, turnIceServers } from './turn.ts';

const SECRET = 'coturn-static-auth-secret-for-tests';
const JWT_SECRET = 'turn-test-secret-0123456789abcdef0123';
const relays = (candidates: string[]) => candidates.filter((c) => / typ relay( |$)/.test(c));

describe('TURN with a real coturn', () => {
  let turn: TestTurn;

  beforeAll(async () => {
    turn = await startTestTurn(SECRET);
  });
  afterAll(async () => {
    await turn?.stop();
  });

  const config = () => ({ TURN_URLS: [turn.url], TURN_SECRET: SECRET, TURN_TTL_S: 3600 });

  it('allocates a relay with the server’s credentials', async () => {
    const found = relays(await gatherRelayCandidates(turnIceServers(config(), 'alice')));
    expect(found.length).toBeGreaterThan(0);
    // The relay address is coturn's relay IP.
    expect(found[0]).toContain(' 127.0.0.1 ');
  });

  it('allocates nothing with a wrong secret or an expired credential', async () => {
    const wrong = turnCredential('another-secret-0123456789', 'mallory', 3600);
    const expired = turnCredential(SECRET, 'mallory', 60, Date.now() - 3_600_000);
    for (const { username, credential } of [wrong, expired]) {
      const servers: IceServer[] = [{ urls: [turn.url], username, credential }];
      expect(relays(await gatherRelayCandidates(servers, 5_000))).toEqual([]);
    }
  });

  it('the classroom join answer carries TURN credentials that coturn accepts', async () => {
    const database = await createTestDatabase('pglite');
    const server = await startTestApp(database, {
      JWT_SECRET,
      TURN_URLS: turn.url,
      TURN_SECRET: SECRET,
      TURN_TTL_S: '600',
    });
    const sub = randomUUID();
    const socket: ClientSocket = connect(server.url, {
      path: '/api/socket',
      transports: ['websocket'],
      reconnection: false,
      auth: {
        protocol: PROTOCOL_VERSION,
        token: await new AccessTokens(JWT_SECRET).sign({ sub, username: 'tess', role: 'member' }),
      },
    });
    try {
      const ack = await ok<ClassJoinAck>(ask(socket, 'class:join', { room: 'room-1' }));
      expect(ack.iceServers).toHaveLength(1);
      const [ice] = ack.iceServers;
      expect(ice?.urls).toEqual([turn.url]);
      const [expiry, user] = (ice?.username ?? '').split(':');
      expect(user).toBe(sub);
      const ttl = Number(expiry) - Date.now() / 1000;
      expect(ttl).toBeGreaterThan(590);
      expect(ttl).toBeLessThanOrEqual(600);
      expect(relays(await gatherRelayCandidates(ack.iceServers)).length).toBeGreaterThan(0);
    } finally {
      socket.disconnect();
      await server.close();
      await database.dispose();
    }
  });

  /** The candidates in a private Janus's answer to a publisher, with `turn` as its TURN server. */
  async function janusCandidates(turnOfJanus: JanusTurn | null): Promise<string[]> {
    const janus = await startTestJanus(turnOfJanus ? { turn: turnOfJanus } : {});
    const client = await JanusClient.connect({
      url: janus.url,
      apiSecret: janus.apiSecret,
      adminKey: janus.adminKey,
    });
    const node = new NodePeer();
    try {
      const secret = randomUUID();
      const token = randomUUID();
      const room = await client.createRoom({ secret, allowed: [token], publishers: 2 });
      const publisher = await (await client.openPeer()).publisher();
      await publisher.join({ room, token, display: 'relay-check' });
      const { answer } = await publisher.publish({ offer: await node.publishOffer() });
      // Janus puts its candidates in its answer (it does not trickle them by default).
      return answer.sdp.split('\r\n').filter((l) => l.startsWith('a=candidate:'));
    } finally {
      node.close();
      await client.close();
      await janus.stop();
    }
  }

  it.skipIf(!janusBinary)('gives the private Janus relay candidates of its own', async () => {
    // Janus gathers on the machine's interface only (ice_enforce_list), from which libnice does
    // not reach a TURN server on loopback: this coturn listens on that interface.
    const external = await startTestTurn(SECRET, firstExternalIPv4() ?? '127.0.0.1');
    try {
      const good = janusTurn({ TURN_URLS: [external.url], TURN_SECRET: SECRET });
      expect(good).not.toBeNull();
      const found = relays(await janusCandidates(good));
      expect(found.length).toBeGreaterThan(0);
      const wrong = janusTurn({ TURN_URLS: [external.url], TURN_SECRET: 'x'.repeat(24) });
      expect(relays(await janusCandidates(wrong))).toEqual([]);
    } finally {
      await external.stop();
    }
  });
});
