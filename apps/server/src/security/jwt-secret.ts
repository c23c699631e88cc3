import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/database.ts';
import { settings } from '../db/schema.ts';

const KEY = 'auth.jwt_secret';

/**
 * The access-token secret: JWT_SECRET when set, else one generated on first start and kept in
 * the (private) settings table, so every process on the same database signs alike.
 */
export async function resolveJwtSecret(configured: string | undefined, db: AppDb): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  if (typeof row?.value !== 'string') throw new Error('the JWT secret setting is missing');
  return row.value;
}
