// People in server tests: accounts with their tokens, JSON calls as they would make them, sockets
// that remember what they heard, and the two-process setup of the cluster tests. One kit for
// every feature (STYLE.md "Test setup"), so a test reads the same wherever it is.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AuthApi,
  PROTOCOL_VERSION,
  SOCKET_PATH,
  SocialApi,
  WalletApi,
  WalletText,
} from '@atrium/protocol';
import type { ServerEventName, ServerPayload } from '@atrium/protocol';
import { io as connect } from 'socket.io-client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { SiweMessage } from 'viem/siwe';
import { UsersRepository } from '../src/accounts/users.repository.ts';
import { UsersService } from '../src/accounts/users.service.ts';
import { openDatabase } from '../src/db/database.ts';
import type { AppDb, Database } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { seedDemoCampus } from '../src/db/seed.ts';
import { REFRESH_COOKIE } from '../src/features/auth/session-cookie.ts';
import { AccessTokens } from '../src/security/access-tokens.ts';
import type { AuthClaims } from '../src/security/access-tokens.ts';
import { createTestDatabase } from './databases.ts';
import type { TestDatabase, TestDatabaseKind } from './databases.ts';
import { signInDemoAccounts } from './demo-sessions.ts';
import type { DemoSessions } from './demo-sessions.ts';
import type { ClientSocket } from './socket-client.ts';
import { startTestApp } from './test-app.ts';
import type { TestApp } from './test-app.ts';

/** The access-token secret of test apps whose people get tokens signed here (`createPerson`). */
export const JWT_SECRET = 'people-test-secret-0123456789abcdef0123456789';
const tokens = new AccessTokens(JWT_SECRET);

// --- HTTP.

export interface Answer {
  status: number;
  json: {
    status?: boolean;
    message?: string;
    token?: string;
    data?: unknown;
  } & Record<string, unknown>;
  /** The refresh cookie the answer set (`name=value`), if any. */
  cookie: string | undefined;
}

export interface CallOptions {
  /** The bearer token; none for an anonymous call. */
  token?: string | null;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as the spec's urlencoded form instead (`/api/chat/add`). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** One HTTP call to the server at `url`, as a person (`token`) or anonymously; JSON back. */
export async function call(
  url: string,
  method: string,
  path: string,
  { token, body, form, headers }: CallOptions = {},
): Promise<Answer> {
  const type = form
    ? 'application/x-www-form-urlencoded'
    : body === undefined
      ? undefined
      : 'application/json';
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(type ? { 'content-type': type } : {}),
      ...headers,
    },
    body: form
      ? new URLSearchParams(form).toString()
      : body === undefined
        ? undefined
        : JSON.stringify(body),
  });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  return {
    status: res.status,
    json: (text ? JSON.parse(text) : {}) as Answer['json'],
    cookie: setCookie?.split(';')[0],
  };
}

// --- Accounts.

/** A signed-in account in the database, with its bearer token. */
export interface Person {
  claims: AuthClaims;
  id: string;
  name: string;
  token: string;
}

/**
 * Creates an active member (or `role`; a unique name from `base`) and signs a token for it with
 * {@link JWT_SECRET}: fast, for apps started with that secret.
 */
export async function createPerson(
  db: AppDb,
  base: string,
  role: 'member' | 'teacher' | 'admin' = 'member',
): Promise<Person> {
  const name = `${base}${randomUUID().slice(0, 6)}`;
  const [row] = await db
    .insert(users)
    .values({ username: name, email: `${name}@school.test`, status: 1, role })
    .returning();
  if (!row) throw new Error('no user row');
  const claims: AuthClaims = { sub: row.id, username: name, role };
  return { claims, id: row.id, name, token: await tokens.sign(claims) };
}

/**
 * `a` asks `b` to be friends and `b` accepts, over HTTP on the server at `url` (the answer on
 * `acceptUrl` when given: another process of the same campus).
 */
export async function befriend(url: string, a: Person, b: Person, acceptUrl = url): Promise<void> {
  const asked = await call(url, 'POST', SocialApi.request.path, {
    token: a.token,
    body: { username: b.name },
  });
  const accepted = await call(acceptUrl, 'POST', SocialApi.accept.path, {
    token: b.token,
    body: { user_id: a.id },
  });
  if (asked.status !== 200 || accepted.status !== 200) {
    throw new Error(`befriend ${a.name} and ${b.name}: ${asked.status}, ${accepted.status}`);
  }
}

/** A guest's token signed with {@link JWT_SECRET}. */
export const guestToken = (username = 'guest-7') =>
  tokens.sign({ sub: randomUUID(), username, role: 'guest' });

/** A guest as the web app makes one: `POST /api/auth/guest` on the server at `url`. */
export async function signInGuest(url: string): Promise<string> {
  const guest = await call(url, AuthApi.guest.method, AuthApi.guest.path);
  if (typeof guest.json.token !== 'string') throw new Error(`guest: ${guest.status}`);
  return guest.json.token;
}

/** A member who signed in with a password: token and refresh cookie. */
export interface Member {
  id: string;
  username: string;
  token: string;
  cookie: string;
}

let members = 0;

/** Creates an active member account with a password and signs it in through the API. */
export async function signedInMember(database: Database, url: string): Promise<Member> {
  members += 1;
  const username = `collector${members}${Math.random().toString(36).slice(2, 6)}`;
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

/** A test app on the demo campus, its accounts signed in, and a data folder of its own. */
export interface DemoCampus extends DemoSessions {
  database: TestDatabase;
  server: TestApp;
  /** The app's DATA_DIR, a fresh temporary folder. */
  dataDir: string;
  /** Closes the app, then the database, and removes the data folder. */
  close(): Promise<void>;
}

/**
 * Starts an app over a fresh database of `kind` with the demo accounts, and a fresh DATA_DIR
 * (named after `folder`); signs every demo account in, and a guest.
 */
export async function startDemoCampus(
  kind: TestDatabaseKind,
  folder: string,
  env: Record<string, string> = {},
): Promise<DemoCampus> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `atrium-${folder}-`));
  const database = await createTestDatabase(kind);
  const accounts = (await seedDemoCampus(database.db)) ?? [];
  const server = await startTestApp(database, { DATA_DIR: dataDir, ...env });
  const sessions = await signInDemoAccounts(server.url, accounts);
  return {
    ...sessions,
    database,
    server,
    dataDir,
    async close() {
      await server.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// --- Sockets.

/**
 * A socket that records every event from the moment it connects, so a test can wait for one
 * that may already have arrived (the social inbox is replayed right after the handshake).
 */
export interface Client {
  socket: ClientSocket;
  seen: Array<{ event: string; payload: unknown }>;
  /** Resolves with the `n`-th (1-based) payload of `event` that passes `test`. */
  wait<E extends ServerEventName>(
    event: E,
    test?: (p: ServerPayload<E>) => boolean,
    n?: number,
  ): Promise<ServerPayload<E>>;
  close(): void;
}

/** Opens the main socket of the server at `url` as `token` (anonymous with null). */
export async function openClient(url: string, token: string | null): Promise<Client> {
  const socket: ClientSocket = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { protocol: PROTOCOL_VERSION, ...(token ? { token } : {}) },
  });
  const seen: Client['seen'] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    seen.push({ event, payload });
    for (const w of [...waiters]) w();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return {
    socket,
    seen,
    wait(event, test = () => true, n = 1) {
      return new Promise((resolve) => {
        const check = () => {
          const hits = seen.filter(
            (s) => s.event === event && test(s.payload as ServerPayload<typeof event>),
          );
          const hit = hits[n - 1];
          if (!hit) return;
          waiters.delete(check);
          resolve(hit.payload as ServerPayload<typeof event>);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => void socket.disconnect(),
  };
}

// --- Two processes.

/** The test Redis and PostgreSQL, when set: the cluster tests run only with both. */
export const clusterUrls = {
  redis: process.env.TEST_REDIS_URL,
  postgres: process.env.TEST_DATABASE_URL,
};
export const canRunTwoProcesses = Boolean(clusterUrls.redis && clusterUrls.postgres);

/** Two server processes of one campus: one PostgreSQL database (two pools) and one Redis. */
export interface TwoProcesses {
  database: TestDatabase;
  a: TestApp;
  b: TestApp;
  /** Closes both apps, then the database. */
  close(): Promise<void>;
}

/**
 * Starts two apps in this process as two server processes would run: each with its own pool on
 * one fresh PostgreSQL database, both on the test Redis unless `redis` is false. `env` is added
 * to both configs (after {@link JWT_SECRET}, which it may replace).
 */
export async function startTwoProcesses(
  env: Record<string, string> = {},
  { redis = true }: { redis?: boolean } = {},
): Promise<TwoProcesses> {
  if (redis && !clusterUrls.redis) throw new Error('TEST_REDIS_URL is not set');
  const database = await createTestDatabase('postgres');
  const databaseB = await openDatabase({ kind: 'postgres', url: database.url ?? '' });
  const config = {
    JWT_SECRET,
    ...(redis && clusterUrls.redis ? { REDIS_URL: clusterUrls.redis } : {}),
    ...env,
  };
  const a = await startTestApp(database, config);
  const b = await startTestApp(databaseB, config);
  return {
    database,
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await databaseB.close();
      await database.dispose();
    },
  };
}

// --- Wallets.

/** A fresh wallet key, as a person's browser wallet holds one. */
export const newWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

export interface NonceAnswer {
  nonce: string;
  domain: string;
  uri: string;
  chain_id: number;
  statement: string;
}

/** Asks the server at `url` for a sign-in nonce, as `token`. */
export async function issueNonce(url: string, token: string): Promise<NonceAnswer> {
  const res = await call(url, WalletApi.nonce.method, WalletApi.nonce.path, { token });
  if (res.status !== 200) throw new Error(`nonce: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data as NonceAnswer;
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

/** Links the signed wallet to the account of `token`. */
export const linkWallet = (url: string, token: string, body: unknown) =>
  call(url, WalletApi.link.method, WalletApi.link.path, { token, body });
