#!/usr/bin/env node
// `npm run build`: the web app (Vite), then the server bundle (esbuild), then the build stamp.
import { execSync } from 'node:child_process';
import { fingerprint, root, writeStamp } from './build-stamp.mjs';

const before = fingerprint();
execSync('npm run build --workspace apps/web', { cwd: root, stdio: 'inherit' });
execSync('npm run build --workspace apps/server', { cwd: root, stdio: 'inherit' });
writeStamp(before);
