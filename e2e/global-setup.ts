import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from '../apps/server/test/oidc-provider.ts';
import { startSmtpServer } from '../apps/server/test/smtp.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    demoAccounts: Array<{ role: string; username: string; password: string }>;
    /** Folder where every mail the app sends lands as a JSON file (see support/mail.ts). */
    mailDir: string;
    /** The account the test OpenID Connect provider signs in. */
    oidcAccount: { login: string; email: string; username: string };
  }
}

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

/** Starts the built app the way `npm start` does, on a free port and a temporary DATA_DIR. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/server/dist/main.mjs'))) {
    throw new Error('The app is not built. Run `npm run build` (npm test does it for you).');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-e2e-'));
  const port = await freePort();
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

  // A real OpenID Connect provider, configured as the school's sign-in button.
  const oidcAccount = {
    login: 'e2e-student',
    email: 'student@oidc.e2e.test',
    username: 'oidc.student',
  };
  const idp = await startOidcProvider([
    {
      client_id: 'atrium-e2e',
      client_secret: 'atrium-e2e-secret',
      redirect_uris: [`${baseURL}/api/auth/oidc/school/callback`],
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
  project.provide('baseURL', baseURL);
  project.provide('demoAccounts', demoAccounts);
  project.provide('mailDir', mailDir);
  project.provide('oidcAccount', oidcAccount);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
    );
    await smtp.close();
    await idp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
