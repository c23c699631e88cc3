// The layering of docs/ARCHITECTURE.md as a lint rule, so a wrong import fails `npm run lint`
// instead of waiting for a reviewer. `no-restricted-imports` only sees the specifier as written,
// and a relative specifier does not say which feature or package it lands in; this rule resolves
// it against the importing file first.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The workspace packages that ship; e2e and bench are harnesses and may reach into any of them. */
const PACKAGES = [
  'packages/protocol',
  'packages/world',
  'packages/player-sdk',
  'apps/server',
  'apps/web',
];

const isTestFile = (file) =>
  /\.test\.tsx?$/.test(file) || file === 'packages/player-sdk/src/test-support.ts';

/** The bare package name of a specifier: `three/addons/x.js` → `three`, `@a/b/c` → `@a/b`. */
const packageName = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

const isReact = (name) =>
  name === 'react' || name === 'react-dom' || name.startsWith('@types/react');

/**
 * What each package may import by name. Returns a message when `name` is not allowed.
 * Node built-ins are written `node:…` everywhere here, so they are named explicitly.
 */
const bareRules = {
  'packages/protocol': (name, test) =>
    name === 'zod' || (test && name === 'vitest')
      ? null
      : 'packages/protocol is the contract and imports only zod.',
  'packages/world': (name) =>
    isReact(name)
      ? 'packages/world imports no React: the web app wraps the world, not the other way round.'
      : name.startsWith('@atrium/') && name !== '@atrium/protocol'
        ? 'packages/world depends only on @atrium/protocol among the workspace packages.'
        : null,
  'packages/player-sdk': (name, test) =>
    test && ['vitest', 'ws', 'happy-dom'].includes(name)
      ? null
      : 'The Player SDK ships alone as one file: it imports no package.',
  'apps/server': (name) =>
    name.startsWith('@atrium/') && name !== '@atrium/protocol' && name !== '@atrium/chain'
      ? 'The server meets the web app only through @atrium/protocol (and the contract through @atrium/chain).'
      : null,
  'apps/web': (name) =>
    name === '@atrium/server'
      ? 'The web app meets the server only through @atrium/protocol.'
      : null,
};

const FEATURE_ROOTS = ['apps/server/src/features/', 'apps/web/src/features/'];

/** `apps/web/src/features/album/x.ts` → `apps/web/src/features/album/`. */
const featureOf = (file) => {
  const root = FEATURE_ROOTS.find((prefix) => file.startsWith(prefix));
  if (!root) return null;
  const name = file.slice(root.length).split('/')[0];
  return name && file.length > root.length + name.length ? `${root}${name}/` : null;
};

const SERVER_SRC = 'apps/server/src/';
const SERVER_FEATURES = `${SERVER_SRC}features/`;

/**
 * The server's composition roots: they build the app from its features. Everything else under
 * `apps/server/src/` outside a feature folder (http, realtime, db, mail, config, web, security,
 * accounts, settings, lib, and the `features/feature.ts` contract) is what features build on.
 */
const SERVER_ROOTS = ['app.ts', 'main.ts', 'cli/', 'features/index.ts'].map(
  (path) => `${SERVER_SRC}${path}`,
);

const isServerRoot = (file) => SERVER_ROOTS.some((root) => file.startsWith(root));

/** Server code that every feature builds on; it must not know any feature. */
const isServerInfrastructure = (file) =>
  file.startsWith(SERVER_SRC) && !isServerRoot(file) && !featureOf(file);

const packageOf = (file) => PACKAGES.find((pkg) => file.startsWith(`${pkg}/`)) ?? null;

const toRepoPath = (absolute) => relative(repoRoot, absolute).split(sep).join('/');

/** The reason `file` may not import `specifier`, or null when it may. */
export const boundaryViolation = (file, specifier) => {
  const pkg = packageOf(file);
  if (!pkg) return null;
  const test = isTestFile(file);

  if (!specifier.startsWith('.')) {
    if (specifier.startsWith('node:')) {
      return pkg === 'packages/protocol' || (pkg === 'packages/player-sdk' && !test)
        ? `${pkg} runs in the browser too and imports no Node built-in.`
        : null;
    }
    return bareRules[pkg](packageName(specifier), test);
  }

  const target = toRepoPath(resolve(repoRoot, dirname(file), specifier));
  if (packageOf(target) !== pkg) {
    return `${pkg} reaches other packages only by their package name, never by a relative path.`;
  }
  // Tests compose features (a login test creates its user through the users repository); the
  // rules below are about what ships.
  if (test) return null;
  if (isServerInfrastructure(file) && (featureOf(target) || isServerRoot(target))) {
    return 'Server infrastructure does not import features, nor the app that composes them: move what they share down.';
  }
  if (file.startsWith('apps/web/src/shared/') && featureOf(target)) {
    return 'apps/web/src/shared is what features build on; it does not import a feature.';
  }
  const from = featureOf(file);
  const to = featureOf(target);
  if (from && to && from !== to) {
    return from.startsWith(SERVER_FEATURES)
      ? `A feature does not import another feature (${to}): move what they share down, out of features/, or get it through register(app, deps).`
      : `A feature does not import another feature (${to}): move what they share to shared/.`;
  }
  if (from?.startsWith(SERVER_FEATURES) && isServerRoot(target)) {
    return 'A feature does not import the app that composes it: it gets what it needs through register(app, deps).';
  }
  return null;
};

/** @type {import('eslint').Rule.RuleModule} */
const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the package and feature layering of docs/ARCHITECTURE.md' },
    schema: [
      {
        type: 'object',
        properties: {
          // Known, temporary breaches: `{ file, imports, why }`, both repo-relative paths
          // (`imports` is a folder or file prefix of the resolved import).
          exceptions: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                file: { type: 'string' },
                imports: { type: 'string' },
                why: { type: 'string' },
              },
              required: ['file', 'imports', 'why'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: { boundary: '{{reason}}' },
  },
  create(context) {
    const file = toRepoPath(context.filename);
    const exceptions = context.options[0]?.exceptions ?? [];
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const reason = boundaryViolation(file, source.value);
      if (!reason) return;
      const target = source.value.startsWith('.')
        ? toRepoPath(resolve(repoRoot, dirname(file), source.value))
        : source.value;
      if (exceptions.some((e) => e.file === file && target.startsWith(e.imports))) return;
      context.report({ node: source, messageId: 'boundary', data: { reason } });
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default { rules: { boundaries: boundariesRule } };
