// Helpers for the wallet tests: accounts that sign in, and SIWE messages signed by real keys.
import { AuthApi, WalletApi, WalletText } from '@atrium/protocol';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { SiweMessage } from 'viem/siwe';
import { REFRESH_COOKIE } from '../src/features/auth/session-cookie.ts';
import { UsersRepository } from '../src/accounts/users.repository.ts';
import { UsersService } from '../src/accounts/users.service.ts';
import type { Database } from '../src/db/database.ts';

export interface Answer {
  status: number;
  json: {
    status?: boolean;
    message?: string;
    token?: string;
    data?: Record<string, unknown>;
  } & Record<string, unknown>;
  cookie: string | undefined;
}

/** Calls the API at `url`; a JSON body when one is given. */
export async function call(
  url: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  return {
    status: res.status,
    json: (text ? JSON.parse(text) : {}) as Answer['json'],
    cookie: setCookie?.split(';')[0],
  };
}

export interface Member {
  id: string;
  username: string;
  token: string;
  cookie: string;
}

let counter = 0;

/** Creates an active member account and signs it in. */
export async function signedInMember(database: Database, url: string): Promise<Member> {
  counter += 1;
  const username = `collector${counter}${Math.random().toString(36).slice(2, 6)}`;
  const user = await new UsersService(new UsersRepository(database.db)).createAccount({
    username,
    email: `${username}@school.test`,
    password: 'violet tulip river',
    role: 'member',
  });
  const login = await call(url, AuthApi.login.method, AuthApi.login.path, {
    body: { username, password: 'violet tulip river' },
  });
  if (login.status !== 200 || !login.json.token || !login.cookie) {
    throw new Error(`login failed: ${JSON.stringify(login.json)}`);
  }
  return { id: user.id, username, token: login.json.token, cookie: login.cookie };
}

export async function guestToken(url: string): Promise<string> {
  const guest = await call(url, AuthApi.guest.method, AuthApi.guest.path);
  return guest.json.token as string;
}

export const newWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

export interface NonceAnswer {
  nonce: string;
  domain: string;
  uri: string;
  chain_id: number;
  statement: string;
}

export async function issueNonce(url: string, token: string): Promise<NonceAnswer> {
  const res = await call(url, WalletApi.nonce.method, WalletApi.nonce.path, { token });
  if (res.status !== 200) throw new Error(`nonce: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data as unknown as NonceAnswer;
}

/** A SIWE message as a wallet would build it from the nonce answer, signed by `wallet`. */
export async function signIn(
  wallet: PrivateKeyAccount,
  nonce: NonceAnswer,
  overrides: Partial<SiweMessage> = {},
  signer: PrivateKeyAccount = wallet,
): Promise<{ message: string; signature: string }> {
  const message = createSiweMessage({
    address: wallet.address,
    chainId: nonce.chain_id,
    domain: nonce.domain,
    nonce: nonce.nonce,
    uri: nonce.uri,
    version: '1',
    statement: WalletText.signInStatement,
    issuedAt: new Date(),
    ...overrides,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

export const linkWallet = (url: string, token: string, body: unknown) =>
  call(url, WalletApi.link.method, WalletApi.link.path, { token, body });
