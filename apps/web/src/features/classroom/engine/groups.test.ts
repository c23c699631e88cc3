import type { ClassGroups } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { classOfRoom, roomFor } from './groups.ts';

const groups = (state: ClassGroups['state'], members: Record<number, string[]>): ClassGroups => ({
  room: 'room-1',
  state,
  count: 2,
  mode: 'random',
  minutes: null,
  groups: [1, 2].map((group) => ({
    group,
    channel: `room-1-g${group}`,
    members: (members[group] ?? []).map((userId) => ({
      userId,
      name: userId,
      present: false,
      calling: false,
    })),
  })),
  endsAt: null,
  closingAt: null,
});

describe('where the groups send a person', () => {
  it('sends a student into their group while groups are open, and back when they close', () => {
    const open = groups('open', { 1: ['ann'], 2: ['bea'] });
    expect(roomFor(open, 'room-1', 'ann', false)).toBe('room-1-g1');
    expect(roomFor(open, 'room-1-g1', 'ann', false)).toBeNull();
    // Moved by the teacher: from one group's room to the other.
    expect(roomFor(open, 'room-1-g2', 'ann', false)).toBe('room-1-g1');
    // Not in any group (students choose): back to the main room, or stay there.
    expect(roomFor(open, 'room-1-g2', 'cal', false)).toBe('room-1');
    expect(roomFor(open, 'room-1', 'cal', false)).toBeNull();
    const closed = groups('prepared', {});
    expect(roomFor(closed, 'room-1-g1', 'ann', false)).toBe('room-1');
    expect(roomFor(closed, 'room-1', 'ann', false)).toBeNull();
  });

  it('leaves teachers where they are while groups run, and brings them back at the close', () => {
    const open = groups('open', { 1: ['ann'] });
    expect(roomFor(open, 'room-1', 'teach', true)).toBeNull();
    expect(roomFor(open, 'room-1-g1', 'teach', true)).toBeNull();
    expect(roomFor(groups('prepared', {}), 'room-1-g1', 'teach', true)).toBe('room-1');
  });

  it('ignores another class, and a call', () => {
    const open = groups('open', { 1: ['ann'] });
    expect(roomFor(open, 'room-2', 'ann', false)).toBeNull();
    expect(classOfRoom('room-3-g10')).toBe('room-3');
    expect(classOfRoom('0b1c2d3e-0000-4000-8000-000000000000')).toBeNull();
  });
});
