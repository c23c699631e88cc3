import { describe, expect, it } from 'vitest';
import {
  decodeSnapshot,
  encodeSnapshot,
  SNAPSHOT_AVATAR_BYTES,
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

  it('works on a view into a larger buffer, as socket.io hands it over', () => {
    const bytes = encodeSnapshot(5, [{ index: 2, x: 1, y: 0, z: 2, ry: 0, anim: 'idle' }]);
    const padded = new Uint8Array(bytes.length + 10);
    padded.set(bytes, 10);
    expect(decodeSnapshot(padded.subarray(10))?.avatars[0]).toMatchObject({ index: 2, x: 1, z: 2 });
  });
});
