import { EMPTY_ROOM_STATE } from '@atrium/protocol';
import type { BoardElement, BoardRoom, RoomState } from '@atrium/protocol';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database.ts';
import { roomBoardElements, roomStates } from '../../db/schema.ts';

type Whiteboard = NonNullable<RoomState['whiteboard']>;
type Popup = NonNullable<RoomState['popup']>;

/**
 * Who changes a board: its owner (a class's board), or someone in a breakout group, where the
 * board is the group's and, once a teacher made it read-only, the teachers' alone.
 */
export type BoardActor = { owner: string } | { group: { host: boolean } };

const wb = roomStates.whiteboard;
const notReadonly = sql`coalesce((${wb}->>'readonly')::boolean, false) = false`;
/** The open board `actor` may change or close. */
function mayChange(actor: BoardActor) {
  if ('owner' in actor) return sql`${wb}->>'owner' = ${actor.owner}`;
  return actor.group.host ? sql`${wb} is not null` : sql`${wb} is not null and ${notReadonly}`;
}
/** The board state over which `actor` may open one: none open, or one they may change. */
function mayOpen(actor: BoardActor) {
  if ('group' in actor && actor.group.host) return undefined;
  return sql`${wb} is null or (${mayChange(actor)})`;
}

/**
 * The only place with SQL for the room socket. Every change is one conditional statement, so two
 * processes (or two teachers) racing on the same room cannot both win.
 */
export class RoomRepository {
  constructor(private readonly db: AppDb) {}

  async state(room: BoardRoom): Promise<RoomState> {
    const [row] = await this.db
      .select({ whiteboard: roomStates.whiteboard, popup: roomStates.popup })
      .from(roomStates)
      .where(eq(roomStates.room, room));
    return row ? { whiteboard: row.whiteboard, popup: row.popup } : { ...EMPTY_ROOM_STATE };
  }

  /**
   * Opens the whiteboard for `board.owner` unless someone else's is open; reopening one's own
   * replaces its url and readonly. Returns false when another owner holds it. In a group, over
   * the group's open board unless a teacher made it read-only (teachers open over anything).
   */
  async openWhiteboard(room: BoardRoom, board: Whiteboard, actor: BoardActor): Promise<boolean> {
    const rows = await this.db
      .insert(roomStates)
      .values({ room, whiteboard: board })
      .onConflictDoUpdate({
        target: roomStates.room,
        set: { whiteboard: board, updatedAt: new Date() },
        where: mayOpen(actor),
      })
      .returning({ room: roomStates.room });
    return rows.length > 0;
  }

  /** Changes the open whiteboard if `actor` may; null when it is closed or not theirs to change. */
  async updateWhiteboard(
    room: BoardRoom,
    actor: BoardActor,
    change: { url?: string | undefined; readonly?: boolean | undefined },
  ): Promise<Whiteboard | null> {
    const patch: Record<string, unknown> = {};
    if (change.url !== undefined) patch.url = change.url;
    if (change.readonly !== undefined) patch.readonly = change.readonly;
    const rows = await this.db
      .update(roomStates)
      .set({
        whiteboard: sql`${roomStates.whiteboard} || ${JSON.stringify(patch)}::jsonb`,
        updatedAt: new Date(),
      })
      .where(and(eq(roomStates.room, room), mayChange(actor)))
      .returning({ whiteboard: roomStates.whiteboard });
    return rows[0]?.whiteboard ?? null;
  }

  /** Closes the whiteboard if `actor` may. */
  async closeWhiteboard(room: BoardRoom, actor: BoardActor): Promise<boolean> {
    const rows = await this.db
      .update(roomStates)
      .set({ whiteboard: null, updatedAt: new Date() })
      .where(and(eq(roomStates.room, room), mayChange(actor)))
      .returning({ room: roomStates.room });
    return rows.length > 0;
  }

  async setPopup(room: BoardRoom, popup: Popup | null): Promise<void> {
    await this.db
      .insert(roomStates)
      .values({ room, popup })
      .onConflictDoUpdate({ target: roomStates.room, set: { popup, updatedAt: new Date() } });
  }

  /** `action_clear`: no whiteboard, no pop-up. The boards' scenes stay for the next opening. */
  async clear(room: BoardRoom): Promise<void> {
    await this.db
      .update(roomStates)
      .set({ whiteboard: null, popup: null, updatedAt: new Date() })
      .where(eq(roomStates.room, room));
  }

  /** A board's stored elements, in Excalidraw's fractional-index order. */
  async scene(board: string): Promise<BoardElement[]> {
    const rows = await this.db
      .select({ data: roomBoardElements.data })
      .from(roomBoardElements)
      .where(eq(roomBoardElements.board, board))
      .orderBy(sql`${roomBoardElements.data}->>'index' collate "C"`, roomBoardElements.elementId);
    return rows.map((r) => r.data as BoardElement);
  }

  /**
   * Merges elements into a board: each replaces the stored one only when it is newer (a higher
   * version, or the same version with a lower nonce: Excalidraw's own rule), so replays and
   * out-of-order batches do no harm. Returns false, storing nothing, when the board would pass
   * `maxBytes`.
   */
  async mergeElements(board: string, elements: BoardElement[], maxBytes: number): Promise<boolean> {
    // One row per id: a batch naming an element twice keeps its newest copy.
    const byId = new Map<string, BoardElement>();
    for (const e of elements) {
      const seen = byId.get(e.id);
      if (!seen || e.version > seen.version) byId.set(e.id, e);
    }
    const rows = [...byId.values()].map((e) => ({
      board,
      elementId: e.id,
      version: e.version,
      versionNonce: e.versionNonce,
      bytes: Buffer.byteLength(JSON.stringify(e)),
      data: e,
    }));
    const incoming = rows.reduce((sum, r) => sum + r.bytes, 0);
    const [others] = await this.db
      .select({ bytes: sql<string | null>`sum(${roomBoardElements.bytes})` })
      .from(roomBoardElements)
      .where(
        and(
          eq(roomBoardElements.board, board),
          notInArray(
            roomBoardElements.elementId,
            rows.map((r) => r.elementId),
          ),
        ),
      );
    if (Number(others?.bytes ?? 0) + incoming > maxBytes) return false;
    await this.db
      .insert(roomBoardElements)
      .values(rows)
      .onConflictDoUpdate({
        target: [roomBoardElements.board, roomBoardElements.elementId],
        set: {
          version: sql`excluded.version`,
          versionNonce: sql`excluded.version_nonce`,
          bytes: sql`excluded.bytes`,
          data: sql`excluded.data`,
          updatedAt: new Date(),
        },
        where: sql`excluded.version > ${roomBoardElements.version} or (excluded.version = ${roomBoardElements.version} and excluded.version_nonce < ${roomBoardElements.versionNonce})`,
      });
    return true;
  }
}
