import { describe, expect, it } from 'vitest';
import { createResolutionPolicy } from './resolution-policy.ts';

const run = (policy: ReturnType<typeof createResolutionPolicy>, dt: number, frames: number) => {
  const changes: number[] = [];
  for (let i = 0; i < frames; i += 1) {
    const next = policy.step(dt);
    if (next !== null) changes.push(Number(next.toFixed(3)));
  }
  return changes;
};

describe('resolution policy', () => {
  it('ignores the warm-up, then drops one step per run of slow frames down to the floor', () => {
    const policy = createResolutionPolicy(1, 0.5);
    expect(run(policy, 0.2, 119)).toEqual([]);
    expect(run(policy, 0.05, 21)).toEqual([0.8]);
    expect(run(policy, 0.05, 100)).toEqual([0.64, 0.512, 0.5]);
  });

  it('starts where it is told (a software renderer starts at the floor) and climbs only when fast', () => {
    const slow = createResolutionPolicy(1, 0.5, 0.5);
    expect(slow.pixelRatio).toBe(0.5);
    expect(run(slow, 1 / 20, 3000)).toEqual([]);
    const fast = createResolutionPolicy(1, 0.5, 0.5);
    run(fast, 1 / 60, 120);
    expect(run(fast, 1 / 60, 240)).toEqual([0.625]);
  });

  it('holds steady at 30 fps', () => {
    const policy = createResolutionPolicy(1, 0.5);
    expect(run(policy, 1 / 30, 3000)).toEqual([]);
    expect(policy.pixelRatio).toBe(1);
  });

  it('climbs back after fast frames, but to a ratio that proved slow only much later', () => {
    const policy = createResolutionPolicy(1, 0.5);
    run(policy, 1 / 60, 120);
    expect(run(policy, 0.05, 20)).toEqual([0.8]);
    // Fast at 0.8 for eight seconds: back up to 1 is blocked, it was slow there.
    expect(run(policy, 1 / 60, 500)).toEqual([]);
    // After ten seconds of fast frames it tries the full resolution again.
    expect(run(policy, 1 / 60, 500)).toEqual([1]);
  });

  it('after a busy moment dropped it several steps, climbs back step by step', () => {
    const policy = createResolutionPolicy(1, 0.5);
    run(policy, 1 / 60, 120);
    expect(run(policy, 0.05, 60)).toEqual([0.8, 0.64, 0.512]);
    expect(run(policy, 1 / 60, 2400)).toEqual([0.64, 0.8, 1]);
  });
});
