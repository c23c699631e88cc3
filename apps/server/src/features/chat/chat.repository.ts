import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { chatMessages, chatRoomData } from '../../db/schema.ts';
import type { ChatMessageRow } from '../../db/schema.ts';

/** The only place with SQL for the chat: messages per room and each room's key/value data. */
export class ChatRepository {
  constructor(private readonly db: AppDb) {}

  async insert(row: Pick<ChatMessageRow, 'room' | 'userId' | 'username' | 'message'>) {
    const [inserted] = await this.db.insert(chatMessages).values(row).returning();
    if (!inserted) throw new Error('chat insert returned no row');
    return inserted;
  }

  /** The newest `limit` messages of a room (older than `before` when given), newest first. */
  async page(room: string, limit: number, before?: number): Promise<ChatMessageRow[]> {
    return this.db
      .select()
      .from(chatMessages)
      .where(
        before === undefined
          ? eq(chatMessages.room, room)
          : and(eq(chatMessages.room, room), lt(chatMessages.id, before)),
      )
      .orderBy(desc(chatMessages.id))
      .limit(limit);
  }

  /** Deletes one message; its room when it existed. */
  async remove(id: number): Promise<string | undefined> {
    const [row] = await this.db
      .delete(chatMessages)
      .where(eq(chatMessages.id, id))
      .returning({ room: chatMessages.room });
    return row?.room;
  }

  async clear(room: string): Promise<void> {
    await this.db.delete(chatMessages).where(eq(chatMessages.room, room));
  }

  async data(room: string, key: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ value: chatRoomData.value })
      .from(chatRoomData)
      .where(and(eq(chatRoomData.room, room), eq(chatRoomData.key, key)));
    return row?.value;
  }

  async setData(room: string, key: string, value: string): Promise<void> {
    await this.db
      .insert(chatRoomData)
      .values({ room, key, value })
      .onConflictDoUpdate({
        target: [chatRoomData.room, chatRoomData.key],
        set: { value, updatedAt: new Date() },
      });
  }
}
