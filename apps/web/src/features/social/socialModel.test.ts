import type { InboxMessage } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import {
  applyPresence,
  dropInbox,
  enqueue,
  toBridgePosition,
  toServerPosition,
  type OnlinePage,
} from './socialModel.ts';

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

describe('the Online tab as people come and go', () => {
  const user = (name: string) => ({ user_id: `${name}-id`, username: name });
  const came = (name: string) => ({ ...user(name), online: true });
  const left = (name: string) => ({ ...user(name), online: false });
  const page = (total: number, ...names: string[]): OnlinePage => ({
    total,
    users: names.map(user),
  });
  const names = (p: OnlinePage) => p.users.map((u) => u.username);

  it('adds a newcomer in name order, any case, once; drops one who left', () => {
    let p = applyPresence(page(2, 'ann', 'Cat'), came('Ben'), '');
    expect(p).toEqual(page(3, 'ann', 'Ben', 'Cat'));
    expect(applyPresence(p, came('Ben'), '')).toBe(p);
    p = applyPresence(p, left('ann'), '');
    expect(p).toEqual(page(2, 'Ben', 'Cat'));
    // Someone not listed leaving a full list changes nothing.
    expect(applyPresence(p, left('dan'), '')).toBe(p);
  });

  it('keeps to the search it was loaded with, as the server matches it', () => {
    const p = page(1, 'mara');
    expect(applyPresence(p, came('Omar'), 'MAR')).toEqual(page(2, 'mara', 'Omar'));
    expect(applyPresence(p, came('otto'), 'mar')).toBe(p);
    expect(applyPresence(p, left('otto'), 'mar')).toBe(p);
  });

  it('on a page short of the total, counts everyone but shows only who sorts among it', () => {
    const p = page(5, 'ann', 'cat');
    expect(applyPresence(p, came('bob'), '')).toEqual(page(6, 'ann', 'bob', 'cat'));
    expect(applyPresence(p, came('zed'), '')).toEqual(page(6, 'ann', 'cat'));
    expect(applyPresence(p, left('zed'), '')).toEqual(page(4, 'ann', 'cat'));
    expect(names(applyPresence(p, left('ann'), ''))).toEqual(['cat']);
  });
});
