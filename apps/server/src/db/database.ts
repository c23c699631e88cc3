import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { findUp } from '../paths.ts';
import * as schema from './schema.ts';

/** The Drizzle handle every repository takes; the same type on PGlite and PostgreSQL. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its driver-specific lifecycle. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: AppDb;
  /** Runs the migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Connections of the PostgreSQL pool, for the metrics; PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; client: PGlite };

/** Arbitrary constant for the advisory lock that serialises concurrent migrations. */
const MIGRATION_LOCK_ID = 4_242_001;

/** Finds the `drizzle` migrations folder next to the sources or the bundle. */
export function migrationsFolder(): string {
  const journal = findUp('drizzle/meta/_journal.json');
  if (!journal) throw new Error('Cannot find the drizzle migrations folder');
  return path.dirname(path.dirname(journal));
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  let client: PGlite;
  if ('client' in target) {
    client = target.client;
  } else {
    await mkdir(target.dataDir, { recursive: true });
    client = new PGlite(target.dataDir);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await conn
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => undefined);
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}
