import { describe, expect, it } from 'vitest';
import { clearAlbumDot, isAlbumDotLit, markAlbumUpdated } from './albumDot.ts';

describe('album dot', () => {
  it('lights on a new photo and clears when the album opens', () => {
    expect(isAlbumDotLit()).toBe(false);
    markAlbumUpdated();
    expect(isAlbumDotLit()).toBe(true);
    clearAlbumDot();
    expect(isAlbumDotLit()).toBe(false);
  });
});
