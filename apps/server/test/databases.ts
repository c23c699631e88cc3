import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { withDatabase } from './global-setup.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The database kinds to run database tests on: PGlite always, PostgreSQL when configured. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database for one test file. `dispose` closes and (on PostgreSQL) drops it. */
export interface TestDatabase extends Database {
  /** Connection string on PostgreSQL; undefined on PGlite. */
  readonly url: string | undefined;
  dispose(): Promise<void>;
}

export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = await readFile(inject('pgliteDump'));
    const client = new PGlite({ loadDataDir: new Blob([dump]) });
    const database = await openDatabase({ kind: 'pglite', client });
    return { ...database, url: undefined, dispose: () => database.close() };
  }
  const template = inject('postgresTemplate');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!template || !adminUrl) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `atrium_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    url,
    dispose: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
