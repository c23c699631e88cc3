import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEV_ACCOUNTS } from '@atrium/chain';
import { WalletApi, WalletText } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/test-app.ts';
import { findUp } from './paths.ts';

const root = path.dirname(findUp('package-lock.json') as string);

// `npm start` with the default WALLET=local: the server answers at once, the chain comes up in the
// background, the banner says so, and a stop closes it.
describe('server start with the local chain', () => {
  it('serves at once, starts the chain in the background and stops cleanly', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-start-'));
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'error',
          SEED_DEMO: 'false',
          WEB_DIST: '/nonexistent',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    try {
      const url = `http://127.0.0.1:${port}`;
      const statuses = new Set<number>();
      const deadline = Date.now() + 90_000;
      for (;;) {
        expect(Date.now(), stdout).toBeLessThan(deadline);
        const res = await fetch(`${url}${WalletApi.catalogue.path}`).catch(() => null);
        if (res) {
          statuses.add(res.status);
          if (res.status === 503) {
            expect(((await res.json()) as { message: string }).message).toBe(
              WalletText.chainUnavailable,
            );
          }
          if (res.status === 200) break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // The server answered before the chain was ready.
      expect([...statuses]).toEqual([503, 200]);
      expect(stdout).toMatch(
        new RegExp(
          `Wallet: local chain 1337 ready, contract 0x[0-9a-fA-F]{40}, demo wallet ${DEV_ACCOUNTS.demo.address}`,
        ),
      );
      const state = JSON.parse(
        await readFile(path.join(dataDir, 'chain', 'deployment.json'), 'utf8'),
      ) as { contractAddress: string };
      const config = (await (await fetch(`${url}${WalletApi.config.path}`)).json()) as {
        data: { contract_address: string };
      };
      expect(config.data.contract_address).toBe(state.contractAddress);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
