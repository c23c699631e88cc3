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

/**
 * TEMPORARY (issue 13): domains that other helpers are moving into the contract right now. `'*'`
 * allows every path in the file, a list only those literals. Delete an entry once its conversion
 * is merged (the last test says which entries allow nothing any more), and this list with the
 * last entry.
 */
const PENDING = {
  // Accounts: auth, users, OIDC.
  'apps/web/src/features/auth/api.ts': '*',
  'apps/web/src/shared/session/sessionStore.ts': '*',
  'apps/web/src/features/embed/frameSession.ts': '*',
  'apps/server/src/features/auth/auth.feature.ts': '*',
  'apps/server/src/features/auth/auth.routes.ts': '*',
  'apps/server/src/features/auth/oidc.routes.ts': '*',
  'apps/server/src/features/auth/oidc.service.ts': '*',
  'apps/server/src/features/auth/session-cookie.ts': '*',
  'apps/server/src/features/users/users.feature.ts': '*',
  'apps/server/src/features/users/users.routes.ts': '*',
  // Screenshots, user files, shares.
  'apps/web/src/features/album/albumApi.ts': '*',
  // fetchShare and savePhoto; the rest of the file is converted.
  'apps/web/src/features/embed/embedApi.ts': [
    '/api/public/share/',
    '/apiscreenshot/save-screenshot',
  ],
  'apps/server/src/features/screenshots/screenshots.routes.ts': '*',
  'apps/server/src/features/screenshots/user-files.routes.ts': '*',
  'apps/server/src/features/shares/shares.feature.ts': '*',
  'apps/server/src/features/shares/shares.routes.ts': '*',
  'packages/protocol/src/screenshots.ts': '*',
};

const allows = (entry, text) => entry === '*' || (entry?.includes(text) ?? false);

/** Every path written outside the contract, and which PENDING entries allowed something. */
function scanRepository() {
  const violations = [];
  const pendingUsed = new Set();
  for (const file of sourceFiles()) {
    if (isContractSource(file)) continue;
    for (const { line, text } of scanFile(file, prefixes)) {
      if (allows(ALLOWED[file], text)) continue;
      if (allows(PENDING[file], text)) {
        pendingUsed.add(file);
        continue;
      }
      violations.push(`${file}:${line}: '${text}'`);
    }
  }
  return { violations, pendingUsed };
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

  it('keeps no PENDING entry that allows nothing any more (delete those)', () => {
    const { pendingUsed } = scanOnce();
    expect(Object.keys(PENDING).filter((file) => !pendingUsed.has(file))).toEqual([]);
  });

  it('has the dev server proxy every root of the contract to the API', () => {
    const config = readFileSync(join(repoRoot, 'apps/web/vite.config.ts'), 'utf8');
    const proxied = [...config.matchAll(/^\s*'(\/[^']*)': \{ target: API_TARGET/gm)].map(
      (m) => m[1],
    );
    const roots = routePrefixes(Object.values(ApiRoutes).flatMap((api) => Object.values(api)));
    expect(roots.filter((root) => !proxied.includes(root))).toEqual([]);
  });
});
