import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds `relative` in this module's folder or one of its parents. The server runs both from its
 * sources (tests, CLI) and from the bundle in `dist/`, so fixed relative paths would break one.
 */
export function findUp(relative: string, from: string = import.meta.url): string | undefined {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The server's version, shown by /api/health and the OpenAPI document. */
export const SERVER_VERSION = '0.1.0';
