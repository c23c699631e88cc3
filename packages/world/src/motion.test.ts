import { describe, expect, it } from 'vitest';
import { ambientSeconds } from './motion.ts';
import { idlePose } from './render/emote-poses.ts';

describe('the motion policy', () => {
  it('keeps an idle avatar still under reduced motion, and swaying otherwise', () => {
    const times = [0.4, 3.1, 17.9, 1234.5];
    const still = times.map((t) => idlePose(ambientSeconds(t, true)));
    for (const pose of still) expect(pose).toEqual(still[0]);
    // At rest: arms hanging, head straight, no breath.
    expect(still[0]).toMatchObject({ head: [0, 0, 0], bob: 0, armL: [0, 0.08] });
    const moving = times.map((t) => idlePose(ambientSeconds(t, false)));
    expect(new Set(moving.map((pose) => JSON.stringify(pose))).size).toBe(times.length);
  });

  it('lets the time through when motion is not reduced', () => {
    expect(ambientSeconds(12.5, false)).toBe(12.5);
    expect(ambientSeconds(12.5, true)).toBe(0);
  });
});
