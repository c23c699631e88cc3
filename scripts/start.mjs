#!/usr/bin/env node
// `npm start`: installs dependencies if they are missing, builds if the sources changed since the
// last build, then runs the server, which migrates the database, seeds the demo campus on first
// run and serves everything on one port.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

if (!existsSync(path.join(root, 'node_modules'))) {
  console.log('Installing dependencies (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}

// The stamp helper has no dependencies; it decides whether the build matches the sources.
const { isBuildCurrent, serverEntry } = await import('./build-stamp.mjs');
if (!isBuildCurrent()) {
  console.log('Building Atrium...');
  execSync('node scripts/build.mjs', { cwd: root, stdio: 'inherit' });
}

await import(pathToFileURL(serverEntry).href);
