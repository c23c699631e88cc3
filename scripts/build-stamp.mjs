// The fingerprint of everything a build reads. `npm run build` writes it next to the server
// bundle; `npm start` rebuilds only when the current fingerprint differs.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const serverEntry = path.join(root, 'apps/server/dist/main.mjs');
const stampFile = path.join(root, 'apps/server/dist/.build-stamp');

const buildInputs = [
  'package-lock.json',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/protocol/src',
  'packages/world/src',
  'packages/player-sdk/src',
];

/** A hash over the path, size and modification time of every build input. */
export function fingerprint() {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    const stat = statSync(full);
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) {
        if (name === 'node_modules' || name === 'dist' || /\.test\.tsx?$/.test(name)) continue;
        visit(path.join(relative, name));
      }
    } else {
      hash.update(`${relative}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  buildInputs.forEach(visit);
  return hash.digest('hex');
}

/** Whether the built app matches the sources. */
export function isBuildCurrent() {
  return (
    existsSync(serverEntry) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === fingerprint()
  );
}

export function writeStamp(value) {
  writeFileSync(stampFile, value);
}
