import type { AvatarState } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { createSnapshotBuffer } from './interpolation.ts';

const deg = Math.PI / 180;
const state = (x: number, ry = 0, anim: AvatarState['anim'] = 'walk'): AvatarState => ({
  id: 'a',
  index: 0,
  username: 'ann',
  roleLabel: 'Student',
  look: 7,
  x,
  y: 0,
  z: 0,
  ry,
  anim,
});

describe('interpolation', () => {
  it('returns the midpoint 100 ms behind, with anim from the later snapshot', () => {
    const buf = createSnapshotBuffer();
    buf.push(state(0, 0, 'idle'), 1000);
    buf.push(state(2, 0, 'run'), 1066);
    const s = buf.sample(1133);
    expect(s?.x).toBeCloseTo(1);
    expect(s?.anim).toBe('run');
  });

  it('turns the short way across ±180°', () => {
    const buf = createSnapshotBuffer({ delayMs: 0 });
    buf.push(state(0, 179 * deg), 0);
    buf.push(state(0, -179 * deg), 100);
    const ry = buf.sample(50)?.ry ?? 0;
    expect(Math.abs(Math.abs(ry) - Math.PI)).toBeLessThan(1e-9);
    const quarter = buf.sample(75)?.ry ?? 0;
    expect(quarter).toBeCloseTo(-179.5 * deg);
  });

  it('holds the oldest state before it and extrapolates at most a little past the newest', () => {
    const buf = createSnapshotBuffer({ delayMs: 0, maxExtrapolationMs: 50 });
    expect(buf.sample(0)).toBeNull();
    buf.push(state(0), 0);
    buf.push(state(1), 100);
    expect(buf.sample(-500)?.x).toBe(0);
    expect(buf.sample(130)?.x).toBeCloseTo(1.3);
    expect(buf.sample(10_000)?.x).toBeCloseTo(1.5);
    expect(buf.sample(20_000)?.x).toBeCloseTo(1.5);
  });

  it('drops snapshots the render clock has passed', () => {
    const buf = createSnapshotBuffer({ delayMs: 0 });
    for (let i = 0; i < 20; i++) buf.push(state(i), i * 66);
    expect(buf.size).toBe(20);
    expect(buf.sample(18 * 66 + 33)?.x).toBeCloseTo(18.5);
    expect(buf.size).toBe(3);
    buf.push(state(99), 5); // late and out of order: ignored
    expect(buf.size).toBe(3);
  });
});
