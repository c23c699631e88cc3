import {
  AuthApi,
  COIN_DESCRIPTION,
  COIN_NAME,
  LOCAL_CHAIN_ID,
  WalletApi,
  WalletText,
} from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { walletLinks } from '../../db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import {
  call,
  signInGuest,
  issueNonce,
  linkWallet,
  newWallet,
  signedInMember,
  signIn,
} from '../../../test/people.ts';
import type { Answer } from '../../../test/people.ts';

const PUBLIC_URL = 'http://campus.test';
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** The answer's `data` as an object (the current user, a link). */
const dataOf = (answer: Answer) => answer.json.data as Record<string, unknown> | undefined;

// Sign-in with a wallet needs no chain: the server checks the message and the signature. The
// remote chain here is never reached (holdings and the RPC proxy are in wallet.chain.test.ts).
describe.each(testDatabaseKinds())('sign-in with a wallet on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, {
      PUBLIC_URL,
      WALLET: 'remote',
      CHAIN_ID: String(LOCAL_CHAIN_ID),
      CHAIN_RPC_URL: 'http://127.0.0.1:9',
      CHAIN_CONTRACT_ADDRESS: CONTRACT,
    });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  const links = async () => (await database.db.select().from(walletLinks)).length;

  it('hands out a nonce for this site and chain, and links the address that signed it', async () => {
    const member = await signedInMember(database, server.url);
    const wallet = newWallet();
    const nonce = await issueNonce(server.url, member.token);
    expect(nonce.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(nonce).toMatchObject({
      domain: 'campus.test',
      uri: PUBLIC_URL,
      chain_id: LOCAL_CHAIN_ID,
      statement: WalletText.signInStatement,
    });

    const signed = await signIn(wallet, nonce);
    const linked = await linkWallet(server.url, member.token, signed);
    expect(linked.status).toBe(200);
    expect(linked.json).toMatchObject({
      status: true,
      message: WalletText.linked,
      data: {
        address_account: wallet.address,
        auth_data: { chain_id: LOCAL_CHAIN_ID, signature: signed.signature },
      },
    });

    // The current user carries it from now on: refresh and login answers.
    const refreshed = await call(server.url, AuthApi.refresh.method, AuthApi.refresh.path, {
      headers: { cookie: member.cookie },
    });
    expect(refreshed.status).toBe(200);
    expect(dataOf(refreshed)?.data).toMatchObject({
      address_account: wallet.address,
      auth_data: { chain_id: LOCAL_CHAIN_ID, signature: signed.signature },
    });

    const login = await call(server.url, AuthApi.login.method, AuthApi.login.path, {
      body: { username: member.username, password: 'violet tulip river' },
    });
    expect(dataOf(login)?.data).toMatchObject({ address_account: wallet.address });

    // Signing in again with the same address refreshes the link.
    const again = await linkWallet(
      server.url,
      member.token,
      await signIn(wallet, await issueNonce(server.url, member.token)),
    );
    expect(again.status).toBe(200);
    expect(dataOf(again)?.address_account).toBe(wallet.address);

    // Unlink forgets it; the current user no longer shows it.
    const unlinked = await call(server.url, WalletApi.unlink.method, WalletApi.unlink.path, {
      token: member.token,
    });
    expect(unlinked.status).toBe(200);
    expect(unlinked.json.message).toBe(WalletText.unlinked);
    const after = await call(server.url, AuthApi.refresh.method, AuthApi.refresh.path, {
      headers: { cookie: refreshed.cookie as string },
    });
    expect(dataOf(after)?.data).toEqual({});
  });

  it('refuses guests and visitors who are not signed in', async () => {
    const guest = await signInGuest(server.url);
    const nonce = await call(server.url, WalletApi.nonce.method, WalletApi.nonce.path, {
      token: guest,
    });
    expect(nonce.status).toBe(403);
    expect(nonce.json.message).toBe(WalletText.guest);
    const member = await signedInMember(database, server.url);
    const signed = await signIn(newWallet(), await issueNonce(server.url, member.token));
    const before = await links();
    const asGuest = await linkWallet(server.url, guest, signed);
    expect(asGuest.status).toBe(403);
    expect(asGuest.json.message).toBe(WalletText.guest);
    const anonymous = await linkWallet(server.url, '', signed);
    expect(anonymous.status).toBe(401);
    expect(await links()).toBe(before);
  });

  it('accepts a signed message once: a replay is refused', async () => {
    const member = await signedInMember(database, server.url);
    const signed = await signIn(newWallet(), await issueNonce(server.url, member.token));
    expect((await linkWallet(server.url, member.token, signed)).status).toBe(200);
    const replay = await linkWallet(server.url, member.token, signed);
    expect(replay.status).toBe(400);
    expect(replay.json.message).toBe(WalletText.nonceInvalid);
  });

  it('refuses an expired nonce and an expired message', async () => {
    const member = await signedInMember(database, server.url);
    const wallet = newWallet();
    const nonce = await issueNonce(server.url, member.token);
    await database.db.execute(
      sql`update siwe_nonces set expires_at = now() - interval '1 second' where nonce = ${nonce.nonce}`,
    );
    const expired = await linkWallet(server.url, member.token, await signIn(wallet, nonce));
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe(WalletText.nonceInvalid);

    const fresh = await issueNonce(server.url, member.token);
    const late = await linkWallet(
      server.url,
      member.token,
      await signIn(wallet, fresh, { expirationTime: new Date(Date.now() - 1000) }),
    );
    expect(late.status).toBe(400);
    expect(late.json.message).toBe(WalletText.nonceInvalid);
  });

  it("refuses another account's nonce", async () => {
    const alice = await signedInMember(database, server.url);
    const bob = await signedInMember(database, server.url);
    const bobsNonce = await issueNonce(server.url, bob.token);
    const stolen = await linkWallet(server.url, alice.token, await signIn(newWallet(), bobsNonce));
    expect(stolen.status).toBe(400);
    expect(stolen.json.message).toBe(WalletText.nonceInvalid);
  });

  it('refuses a message for another chain, another site or another statement', async () => {
    const member = await signedInMember(database, server.url);
    const wallet = newWallet();
    const nonce = await issueNonce(server.url, member.token);
    const before = await links();

    const chain = await linkWallet(
      server.url,
      member.token,
      await signIn(wallet, nonce, { chainId: 80002 }),
    );
    expect(chain.status).toBe(400);
    // It names the network the wallet must switch to (issue 27).
    expect(chain.json.message).toBe(WalletText.wrongChain('Atrium local chain'));

    for (const site of [
      { domain: 'evil.test', uri: 'http://evil.test' },
      { domain: 'evil.test', uri: PUBLIC_URL },
      { domain: 'campus.test', uri: 'http://evil.test/login' },
    ]) {
      const res = await linkWallet(server.url, member.token, await signIn(wallet, nonce, site));
      expect(res.status, JSON.stringify(site)).toBe(400);
      expect(res.json.message).toBe(WalletText.wrongDomain);
    }

    const statement = await linkWallet(
      server.url,
      member.token,
      await signIn(wallet, nonce, { statement: 'Send me your coins.' }),
    );
    expect(statement.status).toBe(400);
    expect(statement.json.message).toBe(WalletText.messageInvalid);
    expect(await links()).toBe(before);

    // None of these spent the nonce: the right message still links.
    expect((await linkWallet(server.url, member.token, await signIn(wallet, nonce))).status).toBe(
      200,
    );
  });

  it('refuses a signature made by another key', async () => {
    const member = await signedInMember(database, server.url);
    const wallet = newWallet();
    const nonce = await issueNonce(server.url, member.token);
    const forged = await signIn(wallet, nonce, {}, newWallet());
    const res = await linkWallet(server.url, member.token, forged);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(WalletText.signatureInvalid);
    const garbage = await linkWallet(server.url, member.token, {
      message: forged.message,
      signature: `0x${'ab'.repeat(65)}`,
    });
    expect(garbage.status).toBe(400);
    expect(garbage.json.message).toBe(WalletText.signatureInvalid);
  });

  it('links one address to one account, and one account to one address', async () => {
    const alice = await signedInMember(database, server.url);
    const bob = await signedInMember(database, server.url);
    const wallet = newWallet();
    expect(
      (
        await linkWallet(
          server.url,
          alice.token,
          await signIn(wallet, await issueNonce(server.url, alice.token)),
        )
      ).status,
    ).toBe(200);
    const taken = await linkWallet(
      server.url,
      bob.token,
      await signIn(wallet, await issueNonce(server.url, bob.token)),
    );
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(WalletText.addressTaken);

    const second = await linkWallet(
      server.url,
      alice.token,
      await signIn(newWallet(), await issueNonce(server.url, alice.token)),
    );
    expect(second.status).toBe(409);
    expect(second.json.message).toBe(WalletText.accountHasAddress);

    // Once Alice unlinks, Bob may link the address.
    await call(server.url, WalletApi.unlink.method, WalletApi.unlink.path, { token: alice.token });
    const bobs = await linkWallet(
      server.url,
      bob.token,
      await signIn(wallet, await issueNonce(server.url, bob.token)),
    );
    expect(bobs.status).toBe(200);
  });

  it('answers a malformed body with 400 and writes nothing', async () => {
    const member = await signedInMember(database, server.url);
    const wallet = newWallet();
    const nonce = await issueNonce(server.url, member.token);
    const good = await signIn(wallet, nonce);
    const before = await links();
    for (const body of [
      {},
      { message: good.message },
      { signature: good.signature },
      { ...good, extra: 1 },
      { message: good.message, signature: 'not hex' },
      { message: 'hello', signature: good.signature },
      { message: good.message.replace(/Nonce: \w+/, 'Nonce: '), signature: good.signature },
      { message: 42, signature: good.signature },
    ]) {
      const res = await linkWallet(server.url, member.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.status).toBe(false);
    }
    // Signed by the right key but with dates that are not dates.
    for (const message of [
      good.message.replace(/Issued At: .*/, 'Issued At: yesterday'),
      `${good.message}\nExpiration Time: someday`,
      good.message.replace(/Issued At: .*/, 'Issued At: -100000-01-01T00:00:00.000Z'),
    ]) {
      const res = await linkWallet(server.url, member.token, {
        message,
        signature: await wallet.signMessage({ message }),
      });
      expect(res.status, message).toBe(400);
      expect(res.json.message).toBe(WalletText.messageInvalid);
    }
    expect(await links()).toBe(before);
    // The nonce is still unused.
    expect((await linkWallet(server.url, member.token, good)).status).toBe(200);
  });

  it('needs a linked wallet for holdings, and names the chain when it cannot be reached', async () => {
    const member = await signedInMember(database, server.url);
    const holdings = await call(server.url, WalletApi.holdings.method, WalletApi.holdings.path, {
      token: member.token,
    });
    expect(holdings.status).toBe(409);
    expect(holdings.json.message).toBe(WalletText.notLinked);
    await linkWallet(
      server.url,
      member.token,
      await signIn(newWallet(), await issueNonce(server.url, member.token)),
    );
    const down = await call(server.url, WalletApi.holdings.method, WalletApi.holdings.path, {
      token: member.token,
    });
    expect(down.status).toBe(503);
    expect(down.json.message).toBe(WalletText.chainUnavailable);
    // Only the local chain is proxied.
    const rpc = await call(server.url, WalletApi.rpc.method, WalletApi.rpc.path, {
      body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
    });
    expect(rpc.status).toBe(404);
  });

  it('serves ERC-1155 metadata for the coin and the catalogue, by decimal or 64-hex id', async () => {
    const at = (id: string) => call(server.url, 'GET', WalletApi.metadata.path.replace(':id', id));
    const coin = await at('7');
    expect(coin.status).toBe(200);
    expect(coin.json).toEqual({
      name: COIN_NAME,
      description: COIN_DESCRIPTION,
      decimals: 18,
      properties: { symbol: 'ATC' },
    });
    const wizard = await at((203).toString(16).padStart(64, '0'));
    expect(wizard.json).toEqual({
      name: 'Wizard',
      description: 'Avatar: unlocks the wizard robe.',
      decimals: 0,
      properties: { category: 'avatar', unlocks_look: 'wizard' },
    });
    expect((await at('999')).status).toBe(404);
    expect((await at('abc')).status).toBe(400);
  });

  it('tells the browser the remote chain it works on', async () => {
    const res = await call(server.url, WalletApi.config.method, WalletApi.config.path);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      enabled: true,
      chain_id: LOCAL_CHAIN_ID,
      rpc_url: 'http://127.0.0.1:9',
      contract_address: CONTRACT,
      coin_token_id: 7,
      coin_decimals: 18,
    });
  });
});

describe('the wallet turned off', () => {
  let database: TestDatabase;
  let server: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { WALLET: 'off' });
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  it('says so in its config and serves nothing else', async () => {
    const config = await call(server.url, WalletApi.config.method, WalletApi.config.path);
    expect(config.status).toBe(200);
    expect(config.json.data).toMatchObject({ enabled: false, contract_address: null });
    const member = await signedInMember(database, server.url);
    for (const route of [WalletApi.nonce, WalletApi.catalogue, WalletApi.holdings]) {
      const res = await call(server.url, route.method, route.path, { token: member.token });
      expect(res.status, route.path).toBe(404);
      expect(res.json.message).toBe(WalletText.walletOff);
    }
  });
});
