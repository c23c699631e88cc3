#!/usr/bin/env node
// `npm run build`: the Player SDK, the web app (Vite) with the SDK bundles under /sdk/, then the
// server bundle (esbuild), then the build stamp.
import { execSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fingerprint, root, writeStamp } from './build-stamp.mjs';

const before = fingerprint();
// A build is always a production build, even when started from a test runner (which exports
// NODE_ENV=test): otherwise Vite would ship React's development bundle.
const env = { ...process.env, NODE_ENV: 'production' };
execSync('npm run build --workspace packages/player-sdk', { cwd: root, stdio: 'inherit', env });
execSync('npm run build --workspace apps/web', { cwd: root, stdio: 'inherit', env });
// Host pages load the SDK from the Atrium server itself: /sdk/player-sdk.umd.js (or .mjs).
const sdkOut = path.join(root, 'apps/web/dist/sdk');
mkdirSync(sdkOut, { recursive: true });
for (const file of [
  'player-sdk.umd.js',
  'player-sdk.umd.js.map',
  'player-sdk.mjs',
  'player-sdk.mjs.map',
]) {
  cpSync(path.join(root, 'packages/player-sdk/dist', file), path.join(sdkOut, file));
}
execSync('npm run build --workspace apps/server', { cwd: root, stdio: 'inherit', env });
writeStamp(before);
