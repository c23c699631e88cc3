import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as browser from './browser.ts';
import * as full from './index.ts';

describe('@atrium/chain/browser', () => {
  it('bundles for the browser: no ganache, no node built-ins', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./browser.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('node_modules/ganache'))).toBe(false);
    expect(inputs.some((path) => path.startsWith('node:'))).toBe(false);
  });

  it('exports the same values as the package entry', () => {
    for (const [name, value] of Object.entries(browser)) {
      expect(full[name as keyof typeof full], name).toBe(value);
    }
  });
});
