// A dedicated app process for a suite that needs its own settings (the classroom's mesh mode)
// or more accounts than the demo campus has. It runs the built server as `npm start` does, on
// PGlite in a temporary DATA_DIR; extra accounts are made with the admin CLI (its built bundle).
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

export interface Account {
  role: string;
  username: string;
  password: string;
}

export interface OwnApp {
  baseURL: string;
  accounts: Account[];
  /** The server process's id (CPU readings in the benchmarks). */
  pid: number;
  stop(): Promise<void>;
}

/** This process's environment without a database or Redis of its own: the app uses PGlite. */
function ownEnv(): NodeJS.ProcessEnv {
  const rest = { ...process.env };
  delete rest.DATABASE_URL;
  delete rest.REDIS_URL;
  return rest;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

async function run(
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<{ child: ChildProcess; log: () => string }> {
  let log = '';
  const child = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: root,
    env: { ...ownEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app did not become ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, log: () => log };
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Starts the app with `env` on its own database, adds `extra` accounts through the admin CLI
 * (`npm run admin -- create-user`), and returns the demo accounts plus those.
 */
export async function startOwnApp(env: NodeJS.ProcessEnv, extra: Account[] = []): Promise<OwnApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-own-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const appEnv: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
    ...env,
  };
  // The first start migrates and seeds the demo campus, and prints its passwords.
  const first = await run(appEnv, port);
  const accounts: Account[] = [
    ...first.log().matchAll(/^\s+(\w+)\s+username: (\S+)\s+password: (\S+)$/gm),
  ].map((m) => ({ role: m[1]!, username: m[2]!, password: m[3]! }));
  let child = first.child;
  if (extra.length > 0) {
    // PGlite is one process's: the CLI runs while the app is stopped.
    await kill(first.child);
    for (const account of extra) {
      const made = spawnSync(
        process.execPath,
        [
          // The built CLI (`npm run build` bundles it beside the server): no TypeScript to
          // compile on each call, as `npm run admin` (tsx) would.
          'apps/server/dist/admin.mjs',
          'create-user',
          '--role',
          account.role,
          '--username',
          account.username,
          '--email',
          `${account.username}@e2e.test`,
        ],
        { cwd: root, env: { ...ownEnv(), ...appEnv }, input: `${account.password}\n` },
      );
      if (made.status !== 0) throw new Error(`create-user failed: ${String(made.stderr)}`);
      accounts.push(account);
    }
    child = (await run(appEnv, port)).child;
  }
  return {
    baseURL,
    accounts,
    pid: child.pid ?? 0,
    async stop() {
      await kill(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
