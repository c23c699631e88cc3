import { describe, expect, it } from 'vitest';
import {
  BoardElementSchema,
  ROOM_NAMESPACE_PATTERN,
  SendMessageSchema,
  roomNamespace,
  roomOfNamespace,
} from './room.ts';

describe('the room socket contract', () => {
  it('derives /room/room-{n} from the room name and back', () => {
    expect(roomNamespace('room-1')).toBe('/room/room-1');
    expect(roomNamespace('room-3')).toBe('/room/room-3');
    expect(roomOfNamespace('/room/room-2')).toBe('room-2');
    expect(roomNamespace('room-2-g3')).toBe('/room/room-2-g3');
    expect(roomOfNamespace('/room/room-2-g10')).toBe('room-2-g10');
    for (const name of [
      '/room/room-4',
      '/room/room-01',
      '/room/room-1/x',
      '/room-1',
      '/',
      '/room/room-1-g0',
      '/room/room-1-g11',
      '/room/room-4-g1',
      '/room/room-1-g1-g2',
    ]) {
      expect(ROOM_NAMESPACE_PATTERN.test(name)).toBe(false);
      expect(roomOfNamespace(name)).toBeNull();
    }
  });

  it("takes the spec's envelope and nothing else", () => {
    const envelope = {
      type: 'action',
      name: 'open_whiteboard',
      data: { url: 'board-1', readonly: false, from: 'u' },
      from: 'u',
      role: 'teacher',
    };
    expect(SendMessageSchema.safeParse(envelope).success).toBe(true);
    expect(SendMessageSchema.safeParse({ type: 'action_clear' }).success).toBe(true);
    expect(SendMessageSchema.safeParse({ ...envelope, name: 'mute_everyone' }).success).toBe(false);
    expect(SendMessageSchema.safeParse({ type: 'clear' }).success).toBe(false);
  });

  it('keeps the rest of an Excalidraw element as it is', () => {
    const element = { id: 'a', type: 'text', version: 3, versionNonce: 7, text: '<b>hi</b>' };
    expect(BoardElementSchema.parse(element)).toEqual(element);
    expect(BoardElementSchema.safeParse({ ...element, id: 'a\u0000' }).success).toBe(false);
  });
});
