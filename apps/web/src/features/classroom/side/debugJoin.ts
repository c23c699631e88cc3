/** SPEC §2 query flag: `join-room-debug=1` reveals the debug join control. */
export const JOIN_ROOM_DEBUG_FLAG = 'join-room-debug';

/** Whether the page's query asks for the debug join control. */
export function hasJoinRoomDebug(search: string): boolean {
  return new URLSearchParams(search).get(JOIN_ROOM_DEBUG_FLAG) === '1';
}

/** The debug join control's texts. */
export const DebugJoinText = {
  title: 'Debug join',
  roomName: 'Room name',
  join: 'Join room',
  empty: 'Type a room name first.',
} as const;
