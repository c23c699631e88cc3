import type { SendMessage } from '@atrium/protocol';

/** SPEC §2/§9: the board's frame is 16:9 within the window minus 32 px. */
export const FRAME_RATIO = 16 / 9;
export const FRAME_MARGIN_PX = 32;
/** SPEC §9: the frame is recalculated 100 ms after a resize. */
export const FRAME_RESIZE_DEBOUNCE_MS = 100;
/** SPEC §9: the whiteboard fades in and out in 350 ms. */
export const WHITEBOARD_FADE_MS = 350;

/** The largest 16:9 box inside `width` × `height` less the margin, in whole pixels. */
export function fitFrame(width: number, height: number): { width: number; height: number } {
  const room = {
    width: Math.max(0, width - FRAME_MARGIN_PX),
    height: Math.max(0, height - FRAME_MARGIN_PX),
  };
  if (room.width / FRAME_RATIO <= room.height) {
    return { width: Math.floor(room.width), height: Math.floor(room.width / FRAME_RATIO) };
  }
  return { width: Math.floor(room.height * FRAME_RATIO), height: Math.floor(room.height) };
}

/**
 * SPEC §9: the whiteboard's default board, `board-{user id}`, or `board-{timestamp}` when
 * nobody is signed in.
 */
export function defaultBoardUrl(userId: string | null | undefined, now = Date.now()): string {
  return userId ? `board-${userId}` : `board-${now}`;
}

/** In a breakout group (issue 28 §4), the Whiteboard button opens the group's board, or closes it. */
export function groupBoardToggle(groupRoom: string, open: boolean): SendMessage {
  return open
    ? { type: 'action', name: 'close_whiteboard' }
    : {
        type: 'action',
        name: 'open_whiteboard',
        data: { url: `board-${groupRoom}`, readonly: false },
      };
}
