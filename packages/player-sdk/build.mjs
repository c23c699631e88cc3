#!/usr/bin/env node
// `npm run build --workspace packages/player-sdk`: dist/player-sdk.mjs (ESM),
// dist/player-sdk.umd.js (UMD; the global `Atrium` in a plain <script>) and dist/types (.d.ts).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const entryPoints = [join(root, 'src/index.ts')];
const common = {
  entryPoints,
  bundle: true,
  platform: 'browser',
  target: 'es2020',
  sourcemap: true,
};

// A plain script, AMD or CommonJS. The factory runs while the script is evaluated, so the SDK
// still sees `document.currentScript` and finds the server it was served from.
const umdBanner = `(function (root, factory) {
  if (typeof define === 'function' && define.amd) define([], factory);
  else if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.Atrium = factory();
})(typeof self !== 'undefined' ? self : this, function () {`;

rmSync(dist, { recursive: true, force: true });
await build({ ...common, format: 'esm', outfile: join(dist, 'player-sdk.mjs') });
await build({
  ...common,
  format: 'iife',
  globalName: '__atriumPlayerSdk',
  minify: true,
  // A classic script has no module URL; the SDK uses document.currentScript instead.
  define: { 'import.meta.url': 'undefined' },
  banner: { js: umdBanner },
  footer: { js: 'return __atriumPlayerSdk;\n});' },
  outfile: join(dist, 'player-sdk.umd.js'),
});
execFileSync(
  process.execPath,
  [join(root, '../../node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')],
  { stdio: 'inherit' },
);
