import { asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/database.ts';
import { users } from '../db/schema.ts';
import type { NewUserRow, UserRow } from '../db/schema.ts';

/** SQL for creating, finding and listing accounts; sessions and tokens: auth.repository.ts. */
export class UsersRepository {
  constructor(private readonly db: AppDb) {}

  async insert(row: NewUserRow): Promise<UserRow> {
    const [created] = await this.db.insert(users).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  }

  async findByUsernameOrEmail(username: string, email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(
        sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`,
      )
      .limit(1);
    return row;
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row;
  }

  async setRole(id: string, role: UserRow['role']): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async list(): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(asc(users.createdAt), asc(users.username));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }
}
