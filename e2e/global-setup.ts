import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from '../apps/server/test/oidc-provider.ts';
import { startSmtpServer } from '../apps/server/test/smtp.ts';
import type { LaneApp } from './support/lane.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app per e2e worker; a test file reaches its own through support/lane.ts. */
    lanes: LaneApp[];
    /** The account the test OpenID Connect provider signs in. */
    oidcAccount: { login: string; email: string; username: string };
  }
}

/**
 * How many apps to start: one per e2e worker (vitest.config.ts's e2e `maxWorkers`), so files that
 * run at the same time never share an app's state.
 */
export const E2E_LANES = Number(process.env.E2E_LANES ?? '1');

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The app did not become ready in time:\n${output()}`);
}

/** One app started the way `npm start` does, with its own mail server, port and DATA_DIR. */
async function startLane(
  port: number,
  oidcProviders: string,
): Promise<LaneApp & { close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;

  // A real SMTP server: each mail becomes a JSON file the tests can read.
  const mailDir = path.join(dataDir, 'mail');
  await mkdir(mailDir);
  let mailCount = 0;
  const smtp = await startSmtpServer((mail) => {
    mailCount += 1;
    // Written aside, then renamed: a reader never sees half a mail.
    const name = path.join(mailDir, `${Date.now()}-${mailCount}.json`);
    void writeFile(`${name}.part`, JSON.stringify(mail)).then(() => rename(`${name}.part`, name));
  });
  let log = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      // Run as `npm start` does, with the harness's mail server and sign-in provider.
      NODE_ENV: 'production',
      SMTP_URL: smtp.url,
      OIDC_PROVIDERS: oidcProviders,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForReady(baseURL, child, () => log);

  const demoAccounts = [...log.matchAll(/^\s+(\w+)\s+username: (\S+)\s+password: (\S+)$/gm)].map(
    (m) => ({
      role: m[1] as string,
      username: m[2] as string,
      password: m[3] as string,
    }),
  );
  return {
    baseURL,
    demoAccounts,
    mailDir,
    async close() {
      // The app's log (warnings and errors only) stays in e2e/output for a look after the run.
      await mkdir(path.join(root, 'e2e/output'), { recursive: true });
      await writeFile(path.join(root, `e2e/output/app-${port}.log`), log);
      child.kill('SIGTERM');
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
      );
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts one built app per e2e worker, each the way `npm start` does. */
export default async function setup(project: TestProject) {
  // Build once here when the sources changed (or nothing is built): the lanes' `npm start`s
  // would otherwise each build at the same time.
  const { isBuildCurrent } = (await import(
    pathToFileURL(path.join(root, 'scripts/build-stamp.mjs')).href
  )) as { isBuildCurrent: () => boolean };
  if (!existsSync(path.join(root, 'apps/server/dist/main.mjs')) || !isBuildCurrent()) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  }
  const ports: number[] = [];
  while (ports.length < E2E_LANES) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }

  // A real OpenID Connect provider, configured as the school's sign-in button of every app.
  const oidcAccount = {
    login: 'e2e-student',
    email: 'student@oidc.e2e.test',
    username: 'oidc.student',
  };
  const idp = await startOidcProvider([
    {
      client_id: 'atrium-e2e',
      client_secret: 'atrium-e2e-secret',
      redirect_uris: ports.map((port) => `http://127.0.0.1:${port}/api/auth/oidc/school/callback`),
    },
  ]);
  idp.accounts.set(oidcAccount.login, {
    sub: oidcAccount.login,
    email: oidcAccount.email,
    email_verified: true,
    preferred_username: oidcAccount.username,
  });
  const oidcProviders = JSON.stringify([
    {
      id: 'school',
      name: 'Springfield School',
      issuer: idp.issuer,
      clientId: 'atrium-e2e',
      clientSecret: 'atrium-e2e-secret',
    },
  ]);
  const lanes = await Promise.all(ports.map((port) => startLane(port, oidcProviders)));
  project.provide(
    'lanes',
    lanes.map(({ baseURL, demoAccounts, mailDir }) => ({ baseURL, demoAccounts, mailDir })),
  );
  project.provide('oidcAccount', oidcAccount);

  return async () => {
    await Promise.all(lanes.map((lane) => lane.close()));
    await idp.close();
  };
}
