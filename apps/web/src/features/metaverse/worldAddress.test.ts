import { describe, expect, it } from 'vitest';
import { metaverseFlags, parseWorldAddress, worldKeyFromSearch } from './worldAddress.ts';

const origin = 'https://campus.example';

describe('parseWorldAddress', () => {
  it.each([
    ['/embed/campus', { base: origin, shareId: 'campus' }],
    ['/embed/gallery/', { base: origin, shareId: 'gallery' }],
    ['https://other.example/embed/x_1', { base: 'https://other.example', shareId: 'x_1' }],
  ])('reads %s', (value, expected) => {
    expect(parseWorldAddress(value, origin)).toEqual(expected);
  });

  it.each([
    [42],
    [null],
    ['/metaverse/index.html'],
    ['javascript:alert(1)'],
    ['/embed/'],
    ['/embed/a b'],
    ['/embed/campus/extra'],
    ['x'.repeat(3000)],
  ])('refuses %j', (value) => {
    expect(parseWorldAddress(value, origin)).toBeNull();
  });
});

describe('metaverse page flags', () => {
  it('reads the world key', () => {
    expect(worldKeyFromSearch('?world=stream.gallery')).toBe('stream.gallery');
    expect(worldKeyFromSearch('?world=../x')).toBeNull();
    expect(worldKeyFromSearch('')).toBeNull();
  });

  it('reads mini-game=1 and the 12345 debug value', () => {
    expect(metaverseFlags('?mini-game=1')).toEqual({ miniGame: true, debugHandle: false });
    expect(metaverseFlags('?mini-game=0&dev=12345')).toEqual({
      miniGame: false,
      debugHandle: true,
    });
  });
});
