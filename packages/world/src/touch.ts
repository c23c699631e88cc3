import { CameraLimits } from './camera.ts';
import type { HeldKeys } from './input.ts';

/** Feel of the touch controls, in CSS pixels and milliseconds. */
export const TouchConstants = {
  /** A touch starting in this left fraction of the canvas grabs the joystick. */
  joystickZone: 0.4,
  /** How far the knob can travel from where the thumb went down. */
  joystickRadius: 56,
  /** Fraction of the radius the thumb must leave before the avatar moves, so resting thumbs stay still. */
  deadZone: 0.2,
  /** Fraction of the radius beyond which the avatar runs. */
  runThreshold: 0.85,
  /** A touch that travels less than this and lifts within `tapMaxMs` is a tap. */
  tapSlopPx: 10,
  tapMaxMs: 300,
  /** Gap between the resting joystick's ring and the bottom-left corner of the view. */
  restMarginPx: 24,
} as const;

/**
 * Where the joystick waits while no thumb holds it, so a visitor sees there is one: the bottom-left
 * corner of a view `width` × `height`, in the view's own pixels. On a view too small for the full
 * margin it stays whole and inside the joystick zone.
 */
export const joystickRest = (width: number, height: number): { x: number; y: number } => {
  const r = TouchConstants.joystickRadius;
  const margin = Math.max(0, Math.min(TouchConstants.restMarginPx, height / 2 - r));
  const x = Math.min(margin + r, width * TouchConstants.joystickZone - 1);
  return { x: Math.max(x, 0), y: Math.max(height - margin - r, 0) };
};

/** One touch pointer sample: id, client position, and event time in ms. */
export interface TouchPoint {
  id: number;
  x: number;
  y: number;
  t: number;
}

/** The thumb holding the virtual joystick. */
export interface Joystick {
  readonly id: number;
  /** Where the thumb went down: the centre of the base ring. */
  readonly originX: number;
  readonly originY: number;
  readonly startT: number;
  /** The thumb now; may be beyond the radius (the knob is clamped, see {@link joystickKnob}). */
  readonly x: number;
  readonly y: number;
  /** Farthest the thumb has been from the origin, px: a thumb that never left the slop is a tap. */
  readonly travel: number;
}

/** A touch outside the joystick: a camera drag, a tap candidate, or half a pinch. */
export interface Finger {
  readonly id: number;
  readonly startX: number;
  readonly startY: number;
  readonly startT: number;
  /** The position last turned into a camera drag or pinch. */
  readonly x: number;
  readonly y: number;
  /** Farthest the finger has been from where it went down, px. */
  readonly travel: number;
  /** Once another finger joined it, or it travelled too far, it can no longer be a tap. */
  readonly tapCancelled: boolean;
}

/** Every touch now down, plus the joystick keys last reported. */
export interface TouchState {
  readonly joystick: Joystick | null;
  readonly fingers: readonly Finger[];
  readonly keys: HeldKeys;
}

/** What a touch event asks of the world; the DOM adapter applies these in order. */
export type TouchEffect =
  | { type: 'keys'; keys: HeldKeys }
  | { type: 'look'; dx: number; dy: number }
  | { type: 'zoom'; deltaY: number }
  | { type: 'tap'; x: number; y: number };

/** A reducer's answer: the next state and the effects to apply. */
export interface TouchStep {
  state: TouchState;
  effects: TouchEffect[];
}

/** The part of the screen touches land in: the canvas's left edge and width, client px. */
export interface TouchArea {
  left: number;
  width: number;
}

/** No joystick key held. */
export const NO_KEYS: HeldKeys = {
  forward: false,
  back: false,
  left: false,
  right: false,
  run: false,
};

/** No touch down. */
export const createTouchState = (): TouchState => ({ joystick: null, fingers: [], keys: NO_KEYS });

const sameKeys = (a: HeldKeys, b: HeldKeys) =>
  a.forward === b.forward &&
  a.back === b.back &&
  a.left === b.left &&
  a.right === b.right &&
  a.run === b.run;

/** The thumb's offset as a vector of length ≤ 1 (x right, y up), before the dead zone. */
export const joystickVector = (j: Joystick): { x: number; y: number } => {
  const dx = j.x - j.originX;
  const dy = j.originY - j.y;
  const len = Math.hypot(dx, dy);
  const r = TouchConstants.joystickRadius;
  return len <= r ? { x: dx / r, y: dy / r } : { x: dx / len, y: dy / len };
};

/** Where to draw the knob: the thumb, held inside the base ring. */
export const joystickKnob = (j: Joystick): { x: number; y: number } => {
  const v = joystickVector(j);
  const r = TouchConstants.joystickRadius;
  return { x: j.originX + v.x * r, y: j.originY - v.y * r };
};

/**
 * Eight-way keys for a joystick: movement reads booleans, so the offset snaps to the nearest
 * 45° sector; inside the dead zone nothing is held.
 */
export const joystickKeys = (j: Joystick): HeldKeys => {
  const v = joystickVector(j);
  const mag = Math.hypot(v.x, v.y);
  if (mag < TouchConstants.deadZone) return NO_KEYS;
  const sector = (Math.round(Math.atan2(v.y, v.x) / (Math.PI / 4)) + 8) % 8;
  // Sector 0 is right, counting counter-clockwise: 2 is forward, 4 left, 6 back.
  return {
    forward: sector >= 1 && sector <= 3,
    back: sector >= 5 && sector <= 7,
    left: sector >= 3 && sector <= 5,
    right: sector === 7 || sector <= 1,
    run: mag >= TouchConstants.runThreshold,
  };
};

const withKeys = (state: TouchState, keys: HeldKeys, effects: TouchEffect[]): TouchStep =>
  sameKeys(state.keys, keys)
    ? { state, effects }
    : { state: { ...state, keys }, effects: [...effects, { type: 'keys', keys }] };

const fingerDistance = (a: Pick<Finger, 'x' | 'y'>, b: Pick<Finger, 'x' | 'y'>) =>
  Math.hypot(a.x - b.x, a.y - b.y);

/** A touch went down: the first one in the left zone takes the joystick, the rest are fingers. */
export const touchStart = (state: TouchState, p: TouchPoint, area: TouchArea): TouchStep => {
  if (state.joystick?.id === p.id || state.fingers.some((f) => f.id === p.id)) {
    return { state, effects: [] };
  }
  if (!state.joystick && p.x < area.left + area.width * TouchConstants.joystickZone) {
    const joystick = {
      id: p.id,
      originX: p.x,
      originY: p.y,
      startT: p.t,
      x: p.x,
      y: p.y,
      travel: 0,
    };
    return { state: { ...state, joystick }, effects: [] };
  }
  const finger: Finger = {
    id: p.id,
    startX: p.x,
    startY: p.y,
    startT: p.t,
    x: p.x,
    y: p.y,
    travel: 0,
    tapCancelled: state.fingers.length > 0,
  };
  // A second finger turns the first into half a pinch: neither can be a tap any more.
  const others = state.fingers.map((f) => (f.tapCancelled ? f : { ...f, tapCancelled: true }));
  return { state: { ...state, fingers: [...others, finger] }, effects: [] };
};

/** A touch moved: the joystick updates the keys, one finger turns the camera, two pinch-zoom. */
export const touchMove = (state: TouchState, p: TouchPoint): TouchStep => {
  if (state.joystick?.id === p.id) {
    const { originX, originY, travel } = state.joystick;
    const joystick = {
      ...state.joystick,
      x: p.x,
      y: p.y,
      travel: Math.max(travel, Math.hypot(p.x - originX, p.y - originY)),
    };
    return withKeys({ ...state, joystick }, joystickKeys(joystick), []);
  }
  const index = state.fingers.findIndex((f) => f.id === p.id);
  const finger = state.fingers[index];
  if (!finger) return { state, effects: [] };

  const travel = Math.max(finger.travel, Math.hypot(p.x - finger.startX, p.y - finger.startY));
  const tapCancelled = finger.tapCancelled || travel >= TouchConstants.tapSlopPx;
  const [a, b] = state.fingers;
  if (a && b && index <= 1) {
    const moved = { ...finger, x: p.x, y: p.y, travel, tapCancelled };
    const fingers = state.fingers.map((f, i) => (i === index ? moved : f));
    const before = fingerDistance(a, b);
    const after = fingerDistance(index === 0 ? moved : a, index === 1 ? moved : b);
    const effects: TouchEffect[] =
      before > 0 && after > 0 && before !== after
        ? // Spreading by 2× halves the camera distance: the scene follows the fingers.
          [{ type: 'zoom', deltaY: Math.log(before / after) / CameraLimits.zoomSensitivity }]
        : [];
    return { state: { ...state, fingers }, effects };
  }
  if (state.fingers.length > 1) {
    // A third finger rides along without effect.
    const fingers = state.fingers.map((f, i) =>
      i === index ? { ...f, x: p.x, y: p.y, travel, tapCancelled } : f,
    );
    return { state: { ...state, fingers }, effects: [] };
  }
  // Below the tap slop the camera holds still, so a tap does not nudge the view.
  if (!tapCancelled) {
    return { state: { ...state, fingers: [{ ...finger, travel }] }, effects: [] };
  }
  const moved = { ...finger, x: p.x, y: p.y, travel, tapCancelled };
  return {
    state: { ...state, fingers: [moved] },
    effects: [{ type: 'look', dx: p.x - finger.x, dy: p.y - finger.y }],
  };
};

const isTap = (travel: number, startT: number, endT: number) =>
  travel < TouchConstants.tapSlopPx && endT - startT < TouchConstants.tapMaxMs;

/**
 * A touch lifted: the joystick releases its keys; a short, still touch was a tap, wherever it
 * landed (a joystick thumb that never left its slop stayed inside the dead zone).
 */
export const touchEnd = (state: TouchState, p: TouchPoint): TouchStep => {
  const j = state.joystick;
  if (j?.id === p.id) {
    const tap: TouchEffect[] = isTap(j.travel, j.startT, p.t)
      ? [{ type: 'tap', x: j.originX, y: j.originY }]
      : [];
    return withKeys({ ...state, joystick: null }, NO_KEYS, tap);
  }
  const finger = state.fingers.find((f) => f.id === p.id);
  if (!finger) return { state, effects: [] };
  const fingers = state.fingers.filter((f) => f.id !== p.id);
  const tap = !finger.tapCancelled && isTap(finger.travel, finger.startT, p.t);
  return {
    state: { ...state, fingers },
    effects: tap ? [{ type: 'tap', x: finger.startX, y: finger.startY }] : [],
  };
};

/** The browser took a touch away (pointercancel): like a lift, but never a tap. */
export const touchCancel = (state: TouchState, id: number): TouchStep => {
  if (state.joystick?.id === id) return withKeys({ ...state, joystick: null }, NO_KEYS, []);
  return { state: { ...state, fingers: state.fingers.filter((f) => f.id !== id) }, effects: [] };
};

/** Forgets every touch (the page lost focus) and releases the joystick keys. */
export const touchReset = (state: TouchState): TouchStep =>
  withKeys({ ...state, joystick: null, fingers: [] }, NO_KEYS, []);

/**
 * Writes the joystick's keys into the input state, touching only keys the joystick changed,
 * so a key held on a hardware keyboard is not released by the thumb.
 */
export const applyTouchKeys = <S extends HeldKeys>(input: S, prev: HeldKeys, next: HeldKeys): S => {
  let out = input;
  for (const key of ['forward', 'back', 'left', 'right', 'run'] as const) {
    if (prev[key] !== next[key] && out[key] !== next[key]) out = { ...out, [key]: next[key] };
  }
  return out;
};
