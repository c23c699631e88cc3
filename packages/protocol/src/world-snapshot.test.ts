import { describe, expect, it } from 'vitest';
import {
  decodeSnapshot,
  encodeSnapshot,
  SNAPSHOT_AVATAR_BYTES,
  SNAPSHOT_COARSE_BYTES,
  SNAPSHOT_HEADER_BYTES,
} from './world-snapshot.ts';
import type { AvatarUpdate } from './world-snapshot.ts';

describe('binary world snapshot', () => {
  it('round-trips within its precision: 1 cm, 1/256 turn, 0.25 m of height', () => {
    const avatars: AvatarUpdate[] = [
      { index: 0, x: 12.345, y: 0, z: -7.891, ry: 1.2, anim: 'walk' },
      { index: 65535, x: -39.99, y: 0.8, z: 39.99, ry: -3.1, anim: 'jump' },
      { index: 7, x: 0, y: 0, z: 0, ry: Math.PI * 4 + 0.5, anim: 'run' },
    ];
    const bytes = encodeSnapshot(123_456, avatars);
    expect(bytes.byteLength).toBe(SNAPSHOT_HEADER_BYTES + 3 * SNAPSHOT_AVATAR_BYTES);
    const decoded = decodeSnapshot(bytes);
    expect(decoded?.time).toBe(123_456);
    decoded?.avatars.forEach((a, i) => {
      const src = avatars[i] as AvatarUpdate;
      expect(a.index).toBe(src.index);
      expect(a.anim).toBe(src.anim);
      expect(Math.abs(a.x - src.x)).toBeLessThanOrEqual(0.005);
      expect(Math.abs(a.z - src.z)).toBeLessThanOrEqual(0.005);
      expect(Math.abs(a.y - src.y)).toBeLessThanOrEqual(0.125);
      const turn = Math.PI * 2;
      const diff = Math.abs(((((a.ry - src.ry) % turn) + turn * 1.5) % turn) - turn / 2);
      expect(diff).toBeLessThanOrEqual(turn / 512 + 1e-9);
    });
  });

  it('refuses bytes that are not a snapshot', () => {
    expect(decodeSnapshot(new Uint8Array(3))).toBeUndefined();
    const bytes = encodeSnapshot(1, [{ index: 1, x: 0, y: 0, z: 0, ry: 0, anim: 'idle' }]);
    expect(decodeSnapshot(bytes.slice(0, bytes.length - 1))).toBeUndefined();
  });

  it('reads the base64 text the server sends, and refuses text that is not base64', () => {
    const bytes = encodeSnapshot(9, [{ index: 3, x: -2, y: 0, z: 4, ry: 0, anim: 'walk' }]);
    const text = Buffer.from(bytes).toString('base64');
    expect(decodeSnapshot(text)).toEqual(decodeSnapshot(bytes));
    expect(decodeSnapshot(text)?.avatars[0]).toMatchObject({ index: 3, x: -2, z: 4 });
    expect(decodeSnapshot('not base64!')).toBeUndefined();
    expect(decodeSnapshot('')).toBeUndefined();
  });

  it('works on a view into a larger buffer, as socket.io hands it over', () => {
    const bytes = encodeSnapshot(5, [{ index: 2, x: 1, y: 0, z: 2, ry: 0, anim: 'idle' }]);
    const padded = new Uint8Array(bytes.length + 10);
    padded.set(bytes, 10);
    expect(decodeSnapshot(padded.subarray(10))?.avatars[0]).toMatchObject({ index: 2, x: 1, z: 2 });
  });

  it('carries middle and far avatars as 6-byte coarse records: 10 cm, 1/16 turn, no height', () => {
    const near: AvatarUpdate[] = [{ index: 3, x: 1.234, y: 0.5, z: 2, ry: 0.3, anim: 'walk' }];
    const coarse: AvatarUpdate[] = [
      { index: 9, x: 37.26, y: 2, z: -38.94, ry: 2.1, anim: 'run' },
      { index: 65535, x: -400, y: 0, z: 409, ry: -0.2, anim: 'jump' },
      { index: 0, x: 0.04, y: 0, z: -0.06, ry: Math.PI * 2 - 0.01, anim: 'idle' },
    ];
    const bytes = encodeSnapshot(77, near, coarse);
    expect(bytes.byteLength).toBe(
      SNAPSHOT_HEADER_BYTES + SNAPSHOT_AVATAR_BYTES + 2 + 3 * SNAPSHOT_COARSE_BYTES,
    );
    const decoded = decodeSnapshot(bytes);
    expect(decoded?.avatars).toHaveLength(4);
    expect(decoded?.avatars[0]).toMatchObject({ index: 3, anim: 'walk' });
    expect(decoded?.avatars[0]?.coarse).toBeUndefined();
    decoded?.avatars.slice(1).forEach((a, i) => {
      const src = coarse[i] as AvatarUpdate;
      expect(a.index).toBe(src.index);
      expect(a.anim).toBe(src.anim);
      expect(a.y).toBe(0);
      expect(a.coarse).toBe(true);
      expect(Math.abs(a.x - src.x)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(Math.abs(a.z - src.z)).toBeLessThanOrEqual(0.05 + 1e-9);
      const turn = Math.PI * 2;
      const diff = Math.abs(((((a.ry - src.ry) % turn) + turn * 1.5) % turn) - turn / 2);
      expect(diff).toBeLessThanOrEqual(turn / 32 + 1e-9);
    });
    // Out of range clamps to the edge, never wraps to the other side.
    const clamped = decodeSnapshot(encodeSnapshot(1, [], [{ ...near[0]!, x: 900, z: -900 }]));
    expect(clamped?.avatars[0]).toMatchObject({ x: 409.5, z: -409.6 });
    // A coarse part that does not add up is refused.
    expect(decodeSnapshot(bytes.slice(0, bytes.length - 1))).toBeUndefined();
    const zero = new Uint8Array(SNAPSHOT_HEADER_BYTES + 2);
    expect(decodeSnapshot(zero)).toBeUndefined();
  });
});
