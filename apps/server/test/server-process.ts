// A server in a process of its own, for tests in which a process dies (SIGKILL): no shutdown
// hook runs, so its rows stay behind and its sockets vanish as a crash leaves them.
// `startServerProcess` runs this file in a child process and reads the URL it prints.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/database.ts';
import { startTestApp, testRedisChannel } from './test-app.ts';

const READY = 'atrium-test-server-url ';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Kills the process at once (SIGKILL) and waits until it is gone. */
  kill(): Promise<void>;
}

/** Starts a server process on the PostgreSQL at `databaseUrl`, with `env` for its config. */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  // Node itself with tsx's loader (not the `tsx` wrapper, whose node child a SIGKILL would miss).
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: root,
    env: {
      ...process.env,
      REDIS_CHANNEL: testRedisChannel,
      ...env,
      ATRIUM_TEST_SERVER_DB: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    // tsx compiles the server's sources first: 5 s on a quiet machine, over 30 s once in a loaded CI run.
    const timer = setTimeout(() => reject(new Error('the server process did not start')), 120_000);
    child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith(READY)) return;
      clearTimeout(timer);
      resolve(line.slice(READY.length));
    });
  });
  return {
    url,
    child,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const url = process.env.ATRIUM_TEST_SERVER_DB;
  if (!url) throw new Error('ATRIUM_TEST_SERVER_DB is not set');
  const database = await openDatabase({ kind: 'postgres', url });
  const env = Object.fromEntries(
    ['JWT_SECRET', 'REDIS_URL', 'REDIS_CHANNEL'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]]] : [],
    ),
  );
  const server = await startTestApp(database, env);
  process.stdout.write(`${READY}${server.url}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  });
}
