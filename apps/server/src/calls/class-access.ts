// Who may see inside a class (issue 28 §1): with "ask to join", only those a teacher let in. The
// classroom feature keeps the lobby; the chat and the room socket (whiteboard, pushed page, the
// names of those present) ask here before they show a class to anyone. Features do not import each
// other, so they meet here, in `FeatureDeps.classAccess`, as calls do in `call-rooms.ts`.
import { isClassroomRoom, parseGroupChannel } from '@atrium/protocol';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../db/database.ts';
import {
  classroomBreakouts,
  classroomChannels,
  classroomGroupMembers,
  classroomLobby,
  classroomParticipants,
} from '../db/schema.ts';
import type { AuthClaims } from '../security/access-tokens.ts';

export interface ClassAccess {
  /**
   * Whether `claims` may see inside `room`: always outside a class (room-1..3) and for teachers
   * and admins; else when the class is open and they were not removed, when a teacher admitted
   * them, or while they are in it. A breakout group's room (`room-1-g2`: its chat and board) is
   * for its members while the groups are open, and for teachers and admins.
   */
  mayEnter(claims: AuthClaims | null, room: string): Promise<boolean>;
  /**
   * Whether `room` lets in anyone who comes (no account needed to look): false only for a class
   * with "ask to join". SPEC §7's no-auth chat read tokens and guests ask this.
   */
  openToAll(room: string): Promise<boolean>;
  /**
   * The classroom says a class's door just closed ("ask to join"); each listener (the chat) drops,
   * on every process, the watchers who may no longer look.
   */
  doorClosed(room: string): Promise<void>;
  onDoorClosed(listener: (room: string) => Promise<void>): void;
}

/** One statement, so every process answers the same from PostgreSQL. */
export class ClassAccessRepository implements ClassAccess {
  readonly #doorListeners: ((room: string) => Promise<void>)[] = [];

  constructor(private readonly db: AppDb) {}

  onDoorClosed(listener: (room: string) => Promise<void>): void {
    this.#doorListeners.push(listener);
  }

  async doorClosed(room: string): Promise<void> {
    for (const listener of this.#doorListeners) await listener(room);
  }

  async mayEnter(claims: AuthClaims | null, room: string): Promise<boolean> {
    const group = parseGroupChannel(room);
    if (!isClassroomRoom(room) && !group) return true;
    if (claims?.role === 'teacher' || claims?.role === 'admin') return true;
    if (!claims) return false;
    if (group) return this.#inGroup(claims, group.room, group.group);
    // A guest is never admitted or in a class (classes need an account): open classes only.
    if (claims.role === 'guest') return this.openToAll(room);
    const [row] = await this.db
      .select({
        policy: classroomChannels.entryPolicy,
        state: classroomLobby.state,
        inside: classroomParticipants.socketId,
      })
      .from(classroomChannels)
      .leftJoin(
        classroomLobby,
        and(
          eq(classroomLobby.channel, classroomChannels.channel),
          eq(classroomLobby.userId, claims.sub),
        ),
      )
      .leftJoin(
        classroomParticipants,
        and(
          eq(classroomParticipants.channel, classroomChannels.channel),
          eq(classroomParticipants.userId, claims.sub),
        ),
      )
      .where(eq(classroomChannels.channel, room))
      .limit(1);
    if (!row) return true;
    if (row.inside !== null || row.state === 'admitted') return true;
    return row.policy === 'open' && row.state !== 'removed';
  }

  /** A member of group `group` of `room` while its groups are open, and not removed from the class. */
  async #inGroup(claims: AuthClaims, room: string, group: number): Promise<boolean> {
    if (claims.role === 'guest') return false;
    const [row] = await this.db
      .select({ removed: classroomLobby.state })
      .from(classroomGroupMembers)
      .innerJoin(classroomBreakouts, eq(classroomBreakouts.channel, classroomGroupMembers.channel))
      .leftJoin(
        classroomLobby,
        and(
          eq(classroomLobby.channel, classroomGroupMembers.channel),
          eq(classroomLobby.userId, classroomGroupMembers.userId),
        ),
      )
      .where(
        and(
          eq(classroomGroupMembers.channel, room),
          eq(classroomGroupMembers.userId, claims.sub),
          eq(classroomGroupMembers.groupNo, group),
          eq(classroomBreakouts.state, 'open'),
        ),
      )
      .limit(1);
    return row !== undefined && row.removed !== 'removed';
  }

  async openToAll(room: string): Promise<boolean> {
    // A group's chat is its members' alone: no read tokens.
    if (parseGroupChannel(room)) return false;
    if (!isClassroomRoom(room)) return true;
    const [channel] = await this.db
      .select({ policy: classroomChannels.entryPolicy })
      .from(classroomChannels)
      .where(eq(classroomChannels.channel, room));
    return channel?.policy !== 'ask';
  }
}
