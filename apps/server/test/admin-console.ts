// What the admin console's test files share: the app over its own database, with a folder for
// people's files and one admin, and the calls its tests make as someone.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AdminApi, routeUrl } from '@atrium/protocol';
import type { PeoplePage } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { call, createPerson, JWT_SECRET, type Person } from './people.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export const PASSWORD = 'violet tulip river 42';

/** Rows of a raw query, on PGlite and PostgreSQL alike. */
export async function rows<T>(database: TestDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** What an admin console test file shares: the app, its database and data folder, the admin. */
export interface AdminConsoleEnv {
  database: TestDatabase;
  server: TestApp;
  dataDir: string;
  admin: Person;
}

/**
 * Starts the app for the enclosing suite with one admin (`head`), and returns helpers: calls as
 * someone, a page of the console's people list, and the audit actions about a target.
 */
export function useAdminConsole() {
  const env = {} as AdminConsoleEnv;

  beforeAll(async () => {
    env.dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-admin-'));
    env.database = await createTestDatabase('pglite');
    env.server = await startTestApp(env.database, { JWT_SECRET, DATA_DIR: env.dataDir });
    env.admin = await createPerson(env.database.db, 'head', 'admin');
  });
  afterAll(async () => {
    await env.server.close();
    await env.database.dispose();
    await rm(env.dataDir, { recursive: true, force: true });
  });

  const as = (token: string | null) => ({
    get: (p: string) => call(env.server.url, 'GET', p, { token }),
    send: (method: string, p: string, body?: unknown) =>
      call(env.server.url, method, p, { token, body }),
  });
  const peoplePage = async (token: string, query: Record<string, string | number>) => {
    const res = await as(token).get(routeUrl(AdminApi.people, { query }));
    expect(res.status).toBe(200);
    return res.json.data as PeoplePage;
  };
  const auditFor = async (targetId: string) =>
    (
      await env.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.targetId} = ${targetId}`)
    ).map((r) => r.action);

  return { env, as, peoplePage, auditFor };
}
