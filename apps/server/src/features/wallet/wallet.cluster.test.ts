import { LOCAL_CHAIN_ID, WalletText } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../test/databases.ts';
import type { TestApp } from '../../../test/test-app.ts';
import {
  issueNonce,
  linkWallet,
  newWallet,
  signedInMember,
  signIn,
  startTwoProcesses,
} from '../../../test/people.ts';
import type { TwoProcesses } from '../../../test/people.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

// Two servers, each with its own connection pool, on one PostgreSQL: SIWE nonces live in the
// database, so a nonce one server issued is good at the other, and only once across both.
describe.runIf(postgresUrl)('sign-in with a wallet across two server processes', () => {
  let two: TwoProcesses;
  let database: TestDatabase;
  let serverA: TestApp;
  let serverB: TestApp;

  beforeAll(async () => {
    two = await startTwoProcesses(
      {
        JWT_SECRET: 'a shared secret for both test servers, 32+ chars',
        PUBLIC_URL: 'http://campus.test',
        WALLET: 'remote',
        CHAIN_ID: String(LOCAL_CHAIN_ID),
        CHAIN_RPC_URL: 'http://127.0.0.1:9',
        CHAIN_CONTRACT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      },
      { redis: false },
    );
    ({ database, a: serverA, b: serverB } = two);
  });
  afterAll(() => two.close());

  it('accepts at B a nonce issued by A, and refuses the replay at A', async () => {
    const member = await signedInMember(database, serverA.url);
    const signed = await signIn(newWallet(), await issueNonce(serverA.url, member.token));
    const atB = await linkWallet(serverB.url, member.token, signed);
    expect(atB.status).toBe(200);
    const replay = await linkWallet(serverA.url, member.token, signed);
    expect(replay.status).toBe(400);
    expect(replay.json.message).toBe(WalletText.nonceInvalid);
  });

  it('lets exactly one of two racing requests spend a nonce', async () => {
    for (let round = 0; round < 5; round += 1) {
      const member = await signedInMember(database, serverA.url);
      const signed = await signIn(newWallet(), await issueNonce(serverA.url, member.token));
      const answers = await Promise.all([
        linkWallet(serverA.url, member.token, signed),
        linkWallet(serverB.url, member.token, signed),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    }
  });

  it('links an address to one account only, whichever server two accounts race on', async () => {
    for (let round = 0; round < 5; round += 1) {
      const alice = await signedInMember(database, serverA.url);
      const bob = await signedInMember(database, serverB.url);
      const wallet = newWallet();
      const answers = await Promise.all([
        linkWallet(
          serverA.url,
          alice.token,
          await signIn(wallet, await issueNonce(serverA.url, alice.token)),
        ),
        linkWallet(
          serverB.url,
          bob.token,
          await signIn(wallet, await issueNonce(serverB.url, bob.token)),
        ),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.json.message).toBe(WalletText.addressTaken);
    }
  });
});
