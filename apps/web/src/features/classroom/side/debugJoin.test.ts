import { describe, expect, it } from 'vitest';
import { hasJoinRoomDebug } from './debugJoin.ts';

describe('join-room-debug flag', () => {
  it('is on only for join-room-debug=1', () => {
    expect(hasJoinRoomDebug('?join-room-debug=1')).toBe(true);
    expect(hasJoinRoomDebug('?skip-countdown=1&join-room-debug=1')).toBe(true);
    expect(hasJoinRoomDebug('')).toBe(false);
    expect(hasJoinRoomDebug('?join-room-debug=0')).toBe(false);
    expect(hasJoinRoomDebug('?join-room-debug=true')).toBe(false);
    expect(hasJoinRoomDebug('?join-room-debug')).toBe(false);
  });
});
