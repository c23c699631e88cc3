import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiRoutes, OperationsApi } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import {
  findHttpPaths,
  isContractSource,
  repoRoot,
  routePrefixes,
  scanFile,
  sourceFiles,
} from './http-paths.js';

const prefixes = routePrefixes(
  Object.values(ApiRoutes).flatMap((api) => Object.values(api)),
  Object.values(OperationsApi),
);

/**
 * Files that write paths on purpose, each with its reason.
 */
const ALLOWED = {
  // Node loads the Vite config and cannot run @atrium/protocol's .ts source; the test below
  // checks that its dev proxy covers every root of the contract instead.
  'apps/web/vite.config.ts': '*',
};

const allows = (entry, text) => entry === '*' || (entry?.includes(text) ?? false);

/** Every path written outside the contract. */
function scanRepository() {
  const violations = [];
  for (const file of sourceFiles()) {
    if (isContractSource(file)) continue;
    for (const { line, text } of scanFile(file, prefixes)) {
      if (allows(ALLOWED[file], text)) continue;
      violations.push(`${file}:${line}: '${text}'`);
    }
  }
  return { violations };
}

let scanned;
const scanOnce = () => (scanned ??= scanRepository());

describe('the HTTP path scan', () => {
  it('knows the contract roots, including the ones shared with other files', () => {
    expect(prefixes).toEqual(
      expect.arrayContaining([
        '/api',
        '/apiposterdetail',
        '/apiscreenshot',
        '/apiuserfiles',
        '/assets/poster-description',
        '/metrics',
        '/dev/mail',
      ]),
    );
    expect(prefixes).not.toContain('/assets');
    expect(prefixes).not.toContain('/dev');
  });

  it('finds paths in strings, templates and JSX attributes, with their lines', () => {
    const code = [
      "const a = '/api/health';",
      'const b = `/api/balancing/reclaim-player-id/${id}`;',
      'const c = `${origin}/apiscreenshot/save-screenshot`;',
      'const d = <a href="/metrics">metrics</a>;',
      'const e = "/assets/poster-description/4.html";',
      "fetch('/api?x=1');",
      "app.post('/auth/guest', handler);",
    ].join('\n');
    expect(findHttpPaths(code, 'x.tsx', prefixes)).toEqual([
      { line: 1, text: '/api/health' },
      { line: 2, text: '/api/balancing/reclaim-player-id/' },
      { line: 3, text: '/apiscreenshot/save-screenshot' },
      { line: 4, text: '/metrics' },
      { line: 5, text: '/assets/poster-description/4.html' },
      { line: 6, text: '/api?x=1' },
      { line: 7, text: '/auth/guest' },
    ]);
  });

  it('leaves alone what is not an API path', () => {
    const code = [
      '// GET /api/health, in a comment',
      "import { SystemApi } from '@atrium/protocol';",
      'const a = routeUrl(SystemApi.health);',
      "const b = ['/embed/campus', '/assets/logo.svg', '/apis', '/metaverse/index.html'];",
      "const c = 'see /api/health';",
      'const d = /^\\/api\\//;',
      "const e = params.get('key');",
      'app.get(AppRoute.home, handler);',
    ].join('\n');
    expect(findHttpPaths(code, 'x.ts', prefixes)).toEqual([]);
  });

  it('finds no HTTP path written outside the contract', () => {
    expect(scanOnce().violations).toEqual([]);
  });

  it('has the dev server proxy every root of the contract to the API', () => {
    const config = readFileSync(join(repoRoot, 'apps/web/vite.config.ts'), 'utf8');
    const proxied = [...config.matchAll(/^\s*'(\/[^']*)': \{ target: API_TARGET/gm)].map(
      // `/p/` stands for the root `/p`: a bare `/p` prefix would also catch `/public/...`.
      (m) => m[1]?.replace(/(.)\/$/, '$1'),
    );
    const roots = routePrefixes(Object.values(ApiRoutes).flatMap((api) => Object.values(api)));
    expect(roots.filter((root) => !proxied.includes(root))).toEqual([]);
  });
});
