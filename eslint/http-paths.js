// Issue 13: "No HTTP path is written outside packages/protocol and the server's registrations."
// Routes live in @atrium/protocol (`ApiRoutes`); the server registers them with `serveRoute`, and
// the web app and the world call them with `client.call` or build their URLs with `routeUrl`. This
// module finds string and template literals that spell an API path anyway; http-paths.test.js runs
// it over the repository. It is a test, not an ESLint rule: the prefixes come from the contract's
// TypeScript source, which the ESLint config (plain Node) cannot import.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * First segments that the API shares with other things: the web build's hashed files are served
 * under `/assets` too, and the event pages under `/event` (beside their `gallery.json`), so for
 * these the prefix is the route's whole static part.
 */
const SHARED_ROOTS = new Set(['/assets', '/event']);

/**
 * SPEC §7's API roots, so that a path is caught even while its domain is not in the contract yet;
 * the contract's own routes add theirs (see {@link routePrefixes}).
 */
export const SPEC_ROOTS = ['/api', '/apiposterdetail', '/apiscreenshot', '/apiuserfiles'];

/**
 * The prefixes a written path is recognised by: the first segment of each route (`/api`,
 * `/apiposterdetail`, …), or for a shared root the path up to its first `:param`; `exact` routes
 * (single paths such as `/metrics`) by their whole static part.
 */
export function routePrefixes(routes, exact = []) {
  const prefixes = new Set(SPEC_ROOTS);
  for (const { path } of routes) {
    const root = `/${path.split('/')[1]}`;
    prefixes.add(SHARED_ROOTS.has(root) ? path.split('/:')[0] : root);
  }
  for (const { path } of exact) prefixes.add(path.split('/:')[0]);
  return [...prefixes].sort();
}

/** Whether `text` is a path under `prefix` (`/api`, `/api/x`, `/api?x`; not `/apiscreenshot`). */
export const startsWithPrefix = (text, prefix) =>
  text === prefix || text.startsWith(`${prefix}/`) || text.startsWith(`${prefix}?`);

/** Fastify's (and socket.io-free) route shorthands: `app.get('/x', …)` registers a path. */
const REGISTER_METHODS = new Set([
  'get',
  'head',
  'post',
  'put',
  'patch',
  'delete',
  'options',
  'all',
]);

/** A literal path given to `app.get(…)` and friends: relative to a plugin prefix, still a path. */
const isRegisteredPath = (node) =>
  node.text.startsWith('/') &&
  ts.isCallExpression(node.parent) &&
  node.parent.arguments[0] === node &&
  ts.isPropertyAccessExpression(node.parent.expression) &&
  REGISTER_METHODS.has(node.parent.expression.name.text);

/**
 * The literals of `code` that begin with one of `prefixes`: string literals (JSX attributes
 * included) and every literal part of a template (`${origin}/api/x` is a path too); and any path
 * registered with a literal (`app.post('/auth/guest', …)` under `prefix: '/api'`).
 */
export function findHttpPaths(code, fileName, prefixes) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const check = (node, text) => {
    const registered = ts.isStringLiteralLike(node) && isRegisteredPath(node);
    if (!registered && !prefixes.some((prefix) => startsWithPrefix(text, prefix))) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ line: line + 1, text });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      check(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      check(node.head, node.head.text);
      for (const span of node.templateSpans) check(span.literal, span.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where paths are written by design: the contract's route descriptors and its URL helpers. */
export const isContractSource = (file) =>
  file.startsWith('packages/protocol/src/api/') || file.startsWith('packages/protocol/src/http/');

/** Test code may spell paths: tests, test helpers (`test/`), and the SDK's test support. */
export const isTestSource = (file) =>
  /\.test\.tsx?$/.test(file) ||
  file.split('/').includes('test') ||
  file === 'packages/player-sdk/src/test-support.ts';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'output']);

/** Every non-test `.ts`/`.tsx` file under `apps/` and `packages/`, as repository paths. */
export function sourceFiles(root = repoRoot) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const file = relative(root, full).split(sep).join('/');
        if (!isTestSource(file)) files.push(file);
      }
    }
  };
  walk(join(root, 'apps'));
  walk(join(root, 'packages'));
  return files.sort();
}

/** Reads and scans one repository file. */
export const scanFile = (file, prefixes, root = repoRoot) =>
  findHttpPaths(readFileSync(join(root, file), 'utf8'), file, prefixes);
