import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { DatabaseTarget } from './database.ts';

/** The database named by the config: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}
