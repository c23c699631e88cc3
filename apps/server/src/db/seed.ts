import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role } from '@atrium/protocol';
import { UsersRepository } from '../accounts/users.repository.ts';
import { UsersService } from '../accounts/users.service.ts';
import type { AppDb } from './database.ts';
import { posters, settings, shares } from './schema.ts';

export interface DemoAccount {
  role: Role;
  username: string;
  email: string;
  password: string;
}

const SEED_MARKER = 'demo.seeded_at';

/** The gallery hall's first posters; two offer an NFT (token id and price with digits). */
const DEMO_POSTERS = [
  { title: 'The Atrium Plaza', nftTokenId: '101', nftPrice: '25' },
  { title: 'Night at the Museum', nftTokenId: null, nftPrice: null },
  { title: 'Spring Science Fair', nftTokenId: null, nftPrice: null },
  { title: 'Harbour Lights', nftTokenId: '104', nftPrice: '40' },
  { title: 'Class of 2026', nftTokenId: null, nftPrice: null },
].map((p, i) => ({
  ...p,
  world: 'campus',
  image: `/posters/${i + 1}.svg`,
  description: `${p.title}, from the Atrium demo gallery.\n\nPrints are made to order on matte paper.`,
  printUrl: 'https://example.org/prints',
  slot: i,
}));

/**
 * Seeds the demo campus once: its public settings and an admin, a teacher and a member with
 * generated passwords. Returns the accounts (with passwords) on the run that created them,
 * and `undefined` on every later run, so the passwords are shown exactly once.
 */
export async function seedDemoCampus(db: AppDb): Promise<DemoAccount[] | undefined> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: SEED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return undefined;

    await tx
      .insert(settings)
      .values([
        { key: 'campus.name', value: 'Atrium Demo Campus', public: true },
        // SPEC §4 Stream: the metaverse page reads the world address from the default stream key.
        { key: 'stream.default', value: '/embed/campus', public: true },
        // Another world's key: the gallery hall, reached through the plaza's portal.
        { key: 'stream.gallery', value: '/embed/gallery', public: true },
      ])
      .onConflictDoNothing();
    await tx
      .insert(shares)
      .values([
        { id: 'campus', world: 'campus', title: 'Atrium Demo Campus', defaultLocation: 'plaza' },
        { id: 'gallery', world: 'campus', title: 'The Gallery Hall', defaultLocation: 'gallery' },
      ])
      .onConflictDoNothing();

    await tx.insert(posters).values(DEMO_POSTERS);

    const service = new UsersService(new UsersRepository(tx));
    if ((await new UsersRepository(tx).count()) > 0) return undefined;
    const accounts: DemoAccount[] = (['admin', 'teacher', 'member'] as const).map((role) => ({
      role,
      username: role,
      email: `${role}@campus.example`,
      password: randomBytes(12).toString('base64url'),
    }));
    for (const account of accounts) await service.createAccount(account);
    return accounts;
  });
}

/** Whether the demo campus was seeded on this database. */
export async function isSeeded(db: AppDb): Promise<boolean> {
  const rows = await db.select().from(settings).where(eq(settings.key, SEED_MARKER));
  return rows.length > 0;
}
