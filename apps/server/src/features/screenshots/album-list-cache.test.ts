import { describe, expect, it } from 'vitest';
import { AlbumListCache } from './album-list-cache.ts';

const builder = (answer: string) => {
  let calls = 0;
  const build = () => {
    calls += 1;
    return Promise.resolve(answer);
  };
  return { build, calls: () => calls };
};

describe('AlbumListCache', () => {
  it('reuses an answer while the stamp is the same, and rebuilds when it changes', async () => {
    const cache = new AlbumListCache({ minBytes: 1 });
    const a = builder('answer-a');
    expect(await cache.get('user', 's1', a.build)).toBe('answer-a');
    expect(await cache.get('user', 's1', a.build)).toBe('answer-a');
    expect(a.calls()).toBe(1);
    const b = builder('answer-b');
    expect(await cache.get('user', 's2', b.build)).toBe('answer-b');
    expect(b.calls()).toBe(1);
    expect(cache.size).toEqual({ entries: 1, bytes: 'answer-b'.length });
  });

  it('does not keep small answers', async () => {
    const cache = new AlbumListCache({ minBytes: 100 });
    const a = builder('small');
    await cache.get('user', 's1', a.build);
    await cache.get('user', 's1', a.build);
    expect(a.calls()).toBe(2);
    expect(cache.size.entries).toBe(0);
  });

  it('drops the least recently used answers beyond its budget', async () => {
    const cache = new AlbumListCache({ minBytes: 1, maxBytes: 10 });
    await cache.get('a', 's', builder('aaaa').build);
    await cache.get('b', 's', builder('bbbb').build);
    // Touch a, so b is the least recently used.
    await cache.get('a', 's', builder('never').build);
    await cache.get('c', 's', builder('cccc').build);
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    const b = builder('bbbb');
    await cache.get('b', 's', b.build);
    expect(b.calls()).toBe(1);
  });

  it('keeps nothing when the build fails', async () => {
    const cache = new AlbumListCache({ minBytes: 1 });
    await expect(
      cache.get('user', 's', () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
    expect(cache.size.entries).toBe(0);
  });
});
