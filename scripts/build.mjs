#!/usr/bin/env node
// `npm run build`: the web app (Vite), then the server bundle (esbuild), then the build stamp.
import { execSync } from 'node:child_process';
import { fingerprint, root, writeStamp } from './build-stamp.mjs';

const before = fingerprint();
// A build is always a production build, even when started from a test runner (which exports
// NODE_ENV=test): otherwise Vite would ship React's development bundle.
const env = { ...process.env, NODE_ENV: 'production' };
execSync('npm run build --workspace apps/web', { cwd: root, stdio: 'inherit', env });
execSync('npm run build --workspace apps/server', { cwd: root, stdio: 'inherit', env });
writeStamp(before);
