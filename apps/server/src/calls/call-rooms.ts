// Who may join a call's own video room. The social feature admits people (an accepted call, an
// accepted invite); the classroom feature asks before it lets anyone into a room that is not one
// of room-1..3. Features do not import each other, so both meet here, in `FeatureDeps.callRooms`.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { AppDb } from '../db/database.ts';
import { callRoomMembers } from '../db/schema.ts';

/** How long an admission lasts: a call's people may rejoin (a reload, a reconnect) meanwhile. */
export const CALL_ADMISSION_MS = 12 * 60 * 60 * 1000;

export interface CallRooms {
  /** Lets `userIds` into `channel` until CALL_ADMISSION_MS from `now` (renews a lapsing one). */
  admit(channel: string, userIds: readonly string[], now?: Date): Promise<void>;
  /** Whether `userId` was admitted to `channel` and the admission has not lapsed. */
  isAdmitted(channel: string, userId: string, now?: Date): Promise<boolean>;
}

/** The only place with SQL for call admissions (PostgreSQL, so every process agrees). */
export class CallRoomsRepository implements CallRooms {
  constructor(private readonly db: AppDb) {}

  async admit(channel: string, userIds: readonly string[], now = new Date()): Promise<void> {
    if (userIds.length === 0) return;
    const expiresAt = new Date(now.getTime() + CALL_ADMISSION_MS);
    await this.db.transaction(async (tx) => {
      // Lapsed rows go as new ones come, so the table holds only live calls.
      await tx.delete(callRoomMembers).where(lt(callRoomMembers.expiresAt, now));
      await tx
        .insert(callRoomMembers)
        .values([...new Set(userIds)].map((userId) => ({ channel, userId, expiresAt })))
        .onConflictDoUpdate({
          target: [callRoomMembers.channel, callRoomMembers.userId],
          set: { expiresAt },
        });
    });
  }

  async isAdmitted(channel: string, userId: string, now = new Date()): Promise<boolean> {
    const [row] = await this.db
      .select({ channel: callRoomMembers.channel })
      .from(callRoomMembers)
      .where(
        and(
          eq(callRoomMembers.channel, channel),
          eq(callRoomMembers.userId, userId),
          gt(callRoomMembers.expiresAt, now),
        ),
      );
    return row !== undefined;
  }
}
