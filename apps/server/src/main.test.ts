import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUp } from './paths.ts';

const root = path.dirname(findUp('package-lock.json') as string);

describe('server start', () => {
  it('stops with a message naming each bad variable', async () => {
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        path.join(root, 'node_modules/.bin/tsx'),
        [path.join(root, 'apps/server/src/main.ts')],
        {
          env: {
            PATH: process.env.PATH,
            PORT: 'eighty',
            REDIS_URL: 'http://cache',
            LOG_LEVEL: 'loud',
          },
        },
        (error, _stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    for (const name of ['PORT="eighty"', 'REDIS_URL="http://cache"', 'LOG_LEVEL="loud"']) {
      expect(result.stderr).toContain(name);
    }
  }, 30_000);
});
