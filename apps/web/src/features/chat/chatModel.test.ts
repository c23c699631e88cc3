import type { ChatMessage } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { createMemoryChatTransport } from './memoryChatTransport.ts';
import { mergeMessages } from './useChat.ts';

const msg = (id: number, message = `m${id}`): ChatMessage => ({
  id,
  room: 'room-1',
  username: 'sam',
  message,
  created_at: new Date(0).toISOString(),
});

describe('mergeMessages', () => {
  it('orders by id and keeps one copy of a message seen live and in a page', () => {
    const merged = mergeMessages([msg(3), msg(1)], [msg(2), msg(3, 'again')]);
    expect(merged.map((m) => [m.id, m.message])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'again'],
    ]);
  });
});

describe('the preview’s in-page chat', () => {
  it('pages like the server and tells the room’s watchers only', async () => {
    const seed = Array.from({ length: 7 }, (_, i) => ({
      room: 'room-1',
      username: 'lou',
      message: `n${i}`,
    }));
    const chat = createMemoryChatTransport(() => 'tina', seed);
    const newest = await chat.list('room-1', undefined, 3);
    expect(newest.map((m) => m.message)).toEqual(['n4', 'n5', 'n6']);
    const older = await chat.list('room-1', newest[0]!.id, 3);
    expect(older.map((m) => m.message)).toEqual(['n1', 'n2', 'n3']);

    const heard: string[] = [];
    const handlers = (name: string) => ({
      message: (m: ChatMessage) => heard.push(`${name}:message:${m.message}`),
      deleted: (id: number) => heard.push(`${name}:deleted:${id}`),
      cleared: () => heard.push(`${name}:cleared`),
      resync: () => undefined,
    });
    const stopA = chat.watch('room-1', handlers('a'));
    chat.watch('room-2', handlers('b'));
    const sent = await chat.send('room-1', 'hi');
    expect(sent.username).toBe('tina');
    await chat.remove(sent.id);
    stopA();
    await chat.clear('room-1');
    expect(heard).toEqual(['a:message:hi', `a:deleted:${sent.id}`]);
    expect(await chat.list('room-1')).toEqual([]);
  });
});
