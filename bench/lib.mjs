// Shared helpers for the benchmarks: start Atrium in a temporary folder, connect a socket, spawn
// a baseline process, wait for a URL, take a median. Plain JavaScript with no TypeScript imports,
// so the benches that need none run under plain `node`.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Headless Chromium with software GL (SwiftShader), as on the CI machine. */
export const SOFTWARE_GL_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--enable-unsafe-swiftshader',
  '--use-gl=angle',
  '--use-angle=swiftshader',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Ends a child process; resolves once it has exited. */
export async function stopProcess(child) {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  if (exited()) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}

/** Spawns a process and resolves with the milliseconds until `url` answers 200. */
export async function timeUntilReady(args, env, url, { timeoutMs = 60_000 } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`exited early: ${stderr}`);
      try {
        const res = await fetch(url);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`not ready after ${timeoutMs} ms: ${stderr}`);
  } finally {
    await stopProcess(child);
  }
}

/**
 * Starts a long-running process (`node ...args` in the repository) and waits until `url` answers
 * 200; returns a stop function, with the process id as `stop.pid` (for CPU readings).
 */
export async function startServer(args, env, url, { timeoutMs = 60_000 } = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => stopProcess(child);
  stop.pid = child.pid;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.at(-1)} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return stop;
    } catch {
      // not up yet
    }
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts the built server (`apps/server/dist/main.mjs`, or another build's `main`) on a fresh
 * temporary DATA_DIR and a free port, and waits for `/api/ready`. `env` adds to its environment (or, as a function of the base
 * URL, gives the additions); `before(env)` runs first with the whole environment, for work that
 * needs the folder while no server holds it (the admin CLI, rows written straight to PGlite).
 * Resolves with `{ base, dataDir, pid, stop }`; `stop` ends the server and removes the folder.
 */
export async function startAtrium({
  name = 'atrium-bench-',
  env = {},
  before,
  main = 'apps/server/dist/main.mjs',
  /** Node's own flags for the server (a CPU profile: `--cpu-prof`). */
  nodeArgs = [],
} = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), name));
  const remove = () => rm(dataDir, { recursive: true, force: true });
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const full = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(typeof env === 'function' ? env(base) : env),
    };
    await before?.(full);
    const stopServer = await startServer([...nodeArgs, main], full, `${base}/api/ready`);
    const stop = async () => {
      await stopServer();
      await remove();
    };
    return { base, dataDir, pid: stopServer.pid, stop };
  } catch (err) {
    await remove();
    throw err;
  }
}

/**
 * Runs `code` as an ES module in apps/server (whose packages it may import: socket.io, Redis) for
 * a bare baseline; resolves once it prints its first line, with a stop function.
 */
export async function startScript(code) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (status) => reject(new Error(`the baseline script exited with ${status}`)));
  });
  return () => stopProcess(child);
}

/** Creates an account with the built admin CLI (which also migrates); returns its id. */
export function createUser(env, username, password) {
  const out = execFileSync(
    process.execPath,
    [
      'apps/server/dist/admin.mjs',
      'create-user',
      '--role',
      'member',
      '--username',
      username,
      '--email',
      `${username}@bench.test`,
    ],
    { cwd: root, env: { ...process.env, ...env }, input: `${password}\n`, encoding: 'utf8' },
  );
  const id = /\(([0-9a-f-]{36})\)\s*$/.exec(out)?.[1];
  if (!id) throw new Error(`create-user said: ${out}`);
  return id;
}

/** A scratch PostgreSQL database next to `adminUrl`'s: `{ url, drop }`. */
export async function scratchPostgres(adminUrl) {
  const { default: pg } = await import('pg');
  const admin = async (text) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const name = `atrium_bench_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The value at fraction `p` (0–1) of sorted values. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** Delivery delays in ms: p50, p95 and max to 0.1 ms, with how many arrived of `expected`. */
export function delaySummary(delays, expected) {
  const sorted = [...delays].sort((a, b) => a - b);
  const round = (ms) => Number(ms.toFixed(1));
  return {
    p50Ms: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
    maxMs: round(sorted.at(-1)),
    deliveries: sorted.length,
    expected,
  };
}

/**
 * The main namespace's handshake (SocketAuthSchema): the protocol version (PROTOCOL_VERSION) and,
 * to sign in, a guest's or a member's token.
 */
export function handshake(token) {
  return token === undefined ? { protocol: 1 } : { protocol: 1, token };
}

/**
 * Connects the stock socket.io client to `url` (with a namespace path where it has one) on the
 * API's socket path (SOCKET_PATH), websocket only, no reconnection, sending `auth` as given.
 * Resolves with the socket once connected; rejects on `connect_error`.
 */
export function connectSocket(url, auth = {}) {
  const socket = io(url, {
    path: '/api/socket',
    transports: ['websocket'],
    reconnection: false,
    auth,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A guest's token from `POST /api/auth/guest`. */
export async function guestToken(base) {
  const { token } = await (await fetch(`${base}/api/auth/guest`, { method: 'POST' })).json();
  return token;
}

/**
 * Connects one bot to a running server as a guest, then `world:join`. Resolves with the socket;
 * `socket.avatar` is the joined state (index, position).
 */
export async function joinBot(base, world = 'campus') {
  const socket = await connectSocket(base, handshake(await guestToken(base)));
  const joined = await socket.emitWithAck('world:join', { world });
  if (!joined.status) throw new Error(joined.message);
  socket.avatar = joined.data.self;
  socket.avatarIndex = joined.data.self.index;
  return socket;
}

/** Inserts `count` active users `tag0001`… into the database at `url`; their ids and names, by name. */
export async function insertUsers(url, tag, count) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `insert into users (username, email, status)
       select $1 || lpad(i::text, 4, '0'), $1 || i || '@bench.test', 1
       from generate_series(1, $2::int) as i
       returning id, username`,
      [tag, count],
    );
    return rows.sort((a, b) => a.username.localeCompare(b.username));
  } finally {
    await client.end();
  }
}

/** Signs `username` in with `password`; the access token. */
export async function signIn(base, username, password) {
  const res = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** One `/api/health` round trip, in ms. */
export async function timeHealth(base) {
  const start = performance.now();
  const res = await fetch(`${base}/api/health`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
  return performance.now() - start;
}
