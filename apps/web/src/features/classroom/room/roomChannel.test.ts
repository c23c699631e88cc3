import { EMPTY_ROOM_STATE } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { applyRoomMessage } from './roomChannel.ts';

const by = { from: 'teacher-id', role: 'teacher' as const };

describe('applyRoomMessage', () => {
  it('opens and closes the pushed browser', () => {
    const shown = applyRoomMessage(EMPTY_ROOM_STATE, {
      type: 'action',
      name: 'show_member_popup',
      data: { url: 'https://example.org/lesson' },
      ...by,
    });
    expect(shown.popup).toEqual({ url: 'https://example.org/lesson', from: 'teacher-id' });
    const hidden = applyRoomMessage(shown, {
      type: 'action',
      name: 'hide_member_popup',
      data: {},
      ...by,
    });
    expect(hidden.popup).toBeNull();
  });

  it('follows the whiteboard: open, read-only, close; action_clear empties the room', () => {
    const open = applyRoomMessage(EMPTY_ROOM_STATE, {
      type: 'action',
      name: 'open_whiteboard',
      data: { url: 'board-1', readonly: false },
      ...by,
    });
    expect(open.whiteboard).toEqual({ owner: 'teacher-id', url: 'board-1', readonly: false });
    const readonly = applyRoomMessage(open, {
      type: 'action',
      name: 'update_whiteboard',
      data: { readonly: true },
      ...by,
    });
    expect(readonly.whiteboard?.readonly).toBe(true);
    expect(readonly.whiteboard?.url).toBe('board-1');
    expect(applyRoomMessage(readonly, { type: 'action_clear', ...by })).toEqual(EMPTY_ROOM_STATE);
    expect(
      applyRoomMessage(open, { type: 'action', name: 'close_whiteboard', data: {}, ...by })
        .whiteboard,
    ).toBeNull();
  });
});
