import type { Emote } from '@atrium/protocol';

/**
 * A pose: arm rotations [forward (x), outward (z)] around the shoulder, leg swing around the hip,
 * head [nod, shake, tilt], body bob (m), lean forward and spin (rad). Positive arm z on the left
 * arm raises it outward; the right arm uses negative z.
 */
export interface Pose {
  armL: [number, number];
  armR: [number, number];
  legL: number;
  legR: number;
  head: [number, number, number];
  bob: number;
  lean: number;
  spin: number;
}

const rest = (): Pose => ({
  armL: [0, 0.08],
  armR: [0, -0.08],
  legL: 0,
  legR: 0,
  head: [0, 0, 0],
  bob: 0,
  lean: 0,
  spin: 0,
});

/** Standing still: a slow sway of the arms, a look around and a breath, at rest when `t` is 0. */
export const idlePose = (t: number): Pose => ({
  ...rest(),
  armL: [0, 0.08 + Math.sin(t * 1.6) * 0.03],
  armR: [0, -0.08 - Math.sin(t * 1.6) * 0.03],
  head: [0, Math.sin(t * 0.5) * 0.15, 0],
  bob: Math.sin(t * 2) * 0.015,
});

/** Eases a one-shot gesture in and out, so it never snaps from or back to rest. */
const envelope = (phase: number): number => Math.min(1, phase * 8, (1 - phase) * 8);

/** One visible gesture per emote, from its phase in [0, 1) and the time for fast wobbles. */
export const emotePose = (emote: Emote, phase: number, t: number): Pose => {
  const p = rest();
  const e = envelope(phase);
  const wobble = Math.sin(t * 14);
  switch (emote) {
    case 'waving':
      p.armR = [-0.2 * e, -(2.6 + wobble * 0.35) * e];
      break;
    case 'clapping':
      p.armL = [-1.3 * e, (-0.25 - wobble * 0.2) * e];
      p.armR = [-1.3 * e, (0.25 + wobble * 0.2) * e];
      break;
    case 'agree':
      p.head = [Math.sin(t * 9) * 0.35 * e, 0, 0];
      break;
    case 'disagree':
      p.head = [0, Math.sin(t * 9) * 0.5 * e, 0];
      break;
    case 'happy':
      p.armL = [0, 2.5 * e];
      p.armR = [0, -2.5 * e];
      p.bob = Math.abs(Math.sin(t * 8)) * 0.2 * e;
      break;
    case 'laugh':
      p.lean = -0.25 * e;
      p.bob = Math.abs(wobble) * 0.04 * e;
      p.head = [-0.3 * e, 0, 0];
      p.armL = [-0.6 * e, 0.3];
      p.armR = [-0.6 * e, -0.3];
      break;
    case 'greet':
      p.lean = 0.55 * Math.sin(Math.min(phase * 2, 1) * Math.PI);
      p.armR = [-1.0 * e, -0.1];
      break;
    case 'angry':
      p.armL = [-1.2 * e, 0.5 * e + wobble * 0.15 * e];
      p.armR = [-1.2 * e, -0.5 * e - wobble * 0.15 * e];
      p.lean = 0.15 * e;
      p.bob = Math.abs(wobble) * 0.03 * e;
      break;
    case 'thinking':
      p.armR = [-2.2 * e, 0.6 * e];
      p.head = [0.15 * e, 0, 0.25 * e];
      break;
    case 'dance':
      p.spin = phase * Math.PI * 2;
      p.armL = [0, 1.4 + Math.sin(t * 8) * 0.8];
      p.armR = [0, -(1.4 + Math.sin(t * 8 + Math.PI) * 0.8)];
      p.legL = Math.max(0, Math.sin(t * 8)) * 0.5;
      p.legR = Math.max(0, -Math.sin(t * 8)) * 0.5;
      p.bob = Math.abs(Math.sin(t * 8)) * 0.08;
      break;
    default: {
      const never: never = emote;
      throw new Error(`Unknown emote ${String(never)}`);
    }
  }
  return p;
};
