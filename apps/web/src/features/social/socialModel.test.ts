import type { InboxMessage } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { dropInbox, enqueue, toBridgePosition, toServerPosition } from './socialModel.ts';

const message = (inbox: InboxMessage['inbox'], from: string): InboxMessage => ({
  inbox,
  type: inbox === 'CallUser' ? 'call' : inbox === 'RequestUser' ? 'request-action' : 'invite',
  from,
  from_id: `${from}-id`,
  timestamp: 1,
  isFriend: true,
  userAccepted: null,
  user_action_type: inbox === 'RequestUser' ? 'waving' : null,
  channel: inbox === 'InviteUser' ? 'room-1' : null,
});

describe('the incoming popup queue', () => {
  it('keeps one message per inbox type, the newest last, in arrival order', () => {
    let q = enqueue([], message('CallUser', 'ann'));
    q = enqueue(q, message('RequestUser', 'ben'));
    q = enqueue(q, message('CallUser', 'cat'));
    expect(q.map((m) => [m.inbox, m.from])).toEqual([
      ['RequestUser', 'ben'],
      ['CallUser', 'cat'],
    ]);
    expect(dropInbox(q, 'RequestUser').map((m) => m.from)).toEqual(['cat']);
    expect(dropInbox(q, 'InviteUser')).toHaveLength(2);
  });
});

describe('positions between the host page and the server', () => {
  it("reads the host's strings as numbers, anything unreadable as 0", () => {
    expect(toServerPosition({ x: '1.5', y: '-2', z: '0' })).toEqual({ x: 1.5, y: -2, z: 0 });
    expect(toServerPosition({ x: 'abc', y: '', z: 'Infinity' })).toEqual({ x: 0, y: 0, z: 0 });
  });

  it("writes the server's numbers as strings, '0' each without a position", () => {
    expect(toBridgePosition({ x: 3, y: 0.5, z: -1 })).toEqual({ x: '3', y: '0.5', z: '-1' });
    expect(toBridgePosition(null)).toEqual({ x: '0', y: '0', z: '0' });
  });
});
