// Shared helpers for the benchmarks: spawn a server process, wait for a URL, take a median.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
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
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

/** Starts a long-running server process and waits for `url`; returns a stop function. */
export async function startServer(args, env, url) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).status === 200) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  };
  /** The server's process id, for CPU readings. */
  stop.pid = child.pid;
  return stop;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Connects one bot to a running server with the stock socket.io client: a guest token from
 * `POST /api/auth/guest`, then `world:join`. Resolves with the socket; `socket.avatar` is the
 * joined state (index, position).
 */
export async function joinBot(base, world = 'campus') {
  const { token } = await (await fetch(`${base}/api/auth/guest`, { method: 'POST' })).json();
  const socket = io(base, {
    path: '/api/socket',
    transports: ['websocket'],
    reconnection: false,
    auth: { protocol: 1, token },
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const joined = await socket.emitWithAck('world:join', { world });
  if (!joined.status) throw new Error(joined.message);
  socket.avatar = joined.data.self;
  socket.avatarIndex = joined.data.self.index;
  return socket;
}
