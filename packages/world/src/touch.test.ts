import { describe, expect, it } from 'vitest';
import { createCamera, zoomCamera } from './camera.ts';
import { createInputState, keyDown } from './input.ts';
import {
  applyTouchKeys,
  createTouchState,
  joystickKeys,
  joystickKnob,
  joystickRest,
  NO_KEYS,
  touchCancel,
  touchEnd,
  touchMove,
  touchReset,
  touchStart,
  TouchConstants,
  type TouchEffect,
  type TouchState,
} from './touch.ts';

const AREA = { left: 0, width: 1000 };
const R = TouchConstants.joystickRadius;

/** Replays touch events, collecting every effect. */
const play = (
  events: (['start' | 'move' | 'end', number, number, number, number?] | ['cancel', number])[],
  state: TouchState = createTouchState(),
) => {
  const effects: TouchEffect[] = [];
  for (const e of events) {
    const step =
      e[0] === 'cancel'
        ? touchCancel(state, e[1])
        : { start: touchStart, move: touchMove, end: touchEnd }[e[0]](
            state,
            { id: e[1], x: e[2], y: e[3], t: e[4] ?? 0 },
            AREA,
          );
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
};

const keysOf = (effects: TouchEffect[]) => effects.filter((e) => e.type === 'keys').at(-1);

/** Joystick keys after the thumb goes down at (200, 500) and moves by (dx, dy). */
const push = (dx: number, dy: number) =>
  play([
    ['start', 1, 200, 500],
    ['move', 1, 200 + dx, 500 + dy],
  ]).state.keys;

describe('virtual joystick', () => {
  it('rests in the bottom-left corner, inside the zone that grabs it', () => {
    for (const [w, h] of [
      [390, 700],
      [844, 300],
      [768, 900],
    ] as const) {
      const rest = joystickRest(w, h);
      expect(rest.x - R).toBeGreaterThanOrEqual(0);
      expect(rest.y + R).toBeLessThanOrEqual(h);
      expect(rest.y).toBeGreaterThan(h / 2);
      expect(rest.x).toBeLessThan(w * TouchConstants.joystickZone);
      // A thumb on the resting ring takes the joystick.
      const area = { left: 0, width: w };
      const step = touchStart(createTouchState(), { id: 1, x: rest.x, y: rest.y, t: 0 }, area);
      expect(step.state.joystick).not.toBeNull();
    }
  });

  it('takes a touch in the left 40% and leaves the rest to the camera', () => {
    expect(play([['start', 1, 399, 300]]).state.joystick).not.toBeNull();
    const right = play([['start', 1, 401, 300]]).state;
    expect(right.joystick).toBeNull();
    expect(right.fingers).toHaveLength(1);
  });

  it('holds nothing inside the dead zone', () => {
    const small = TouchConstants.deadZone * R - 1;
    expect(push(small, 0)).toEqual(NO_KEYS);
    expect(push(0, -small)).toEqual(NO_KEYS);
  });

  it('maps each direction: up is forward, screen y grows downward', () => {
    expect(push(0, -30)).toEqual({ ...NO_KEYS, forward: true });
    expect(push(0, 30)).toEqual({ ...NO_KEYS, back: true });
    expect(push(-30, 0)).toEqual({ ...NO_KEYS, left: true });
    expect(push(30, 0)).toEqual({ ...NO_KEYS, right: true });
  });

  it('maps diagonals to two keys, and a slight tilt to one', () => {
    expect(push(25, -25)).toEqual({ ...NO_KEYS, forward: true, right: true });
    expect(push(-25, 25)).toEqual({ ...NO_KEYS, back: true, left: true });
    expect(push(-25, -25)).toEqual({ ...NO_KEYS, forward: true, left: true });
    expect(push(25, 25)).toEqual({ ...NO_KEYS, back: true, right: true });
    // 15° off vertical is still straight forward.
    expect(push(8, -30)).toEqual({ ...NO_KEYS, forward: true });
  });

  it('runs beyond 85% of the radius, including far outside it', () => {
    const edge = TouchConstants.runThreshold * R;
    expect(push(0, -(edge - 1)).run).toBe(false);
    expect(push(0, -(edge + 1))).toEqual({ ...NO_KEYS, forward: true, run: true });
    expect(push(0, -500)).toEqual({ ...NO_KEYS, forward: true, run: true });
  });

  it('clamps the knob to the ring', () => {
    const { joystick } = play([
      ['start', 1, 200, 500],
      ['move', 1, 200, 300],
    ]).state;
    expect(joystick && joystickKnob(joystick)).toEqual({ x: 200, y: 500 - R });
    expect(joystick && joystickKeys(joystick).forward).toBe(true);
  });

  it('reports keys only when they change, and releases them on lift', () => {
    const { state, effects } = play([
      ['start', 1, 200, 500],
      ['move', 1, 200, 470],
      ['move', 1, 202, 468],
      ['end', 1, 202, 468, 1000],
    ]);
    expect(effects).toEqual([
      { type: 'keys', keys: { ...NO_KEYS, forward: true } },
      { type: 'keys', keys: NO_KEYS },
    ]);
    expect(state.joystick).toBeNull();
    expect(state.keys).toEqual(NO_KEYS);
  });

  it('releases the keys on pointercancel and on reset', () => {
    const held = play([
      ['start', 1, 200, 500],
      ['move', 1, 240, 500],
    ]).state;
    expect(keysOf(touchCancel(held, 1).effects)).toEqual({ type: 'keys', keys: NO_KEYS });
    const reset = touchReset(held);
    expect(reset.state).toEqual(createTouchState());
    expect(keysOf(reset.effects)).toEqual({ type: 'keys', keys: NO_KEYS });
  });

  it('writes only the keys the joystick changed, so keyboard keys survive', () => {
    let input = keyDown(createInputState(), 'KeyW');
    input = applyTouchKeys(input, NO_KEYS, { ...NO_KEYS, right: true });
    expect(input).toMatchObject({ forward: true, right: true });
    input = applyTouchKeys(input, { ...NO_KEYS, right: true }, NO_KEYS);
    expect(input).toMatchObject({ forward: true, right: false });
    const same = applyTouchKeys(input, NO_KEYS, NO_KEYS);
    expect(same).toBe(input);
  });
});

describe('touch gestures', () => {
  it('a short still touch is a tap at where it went down', () => {
    const { effects } = play([
      ['start', 2, 700, 300, 0],
      ['move', 2, 705, 303, 50],
      ['end', 2, 705, 303, 200],
    ]);
    expect(effects).toEqual([{ type: 'tap', x: 700, y: 300 }]);
  });

  it('a tap on the joystick side walks too, without moving the avatar', () => {
    const { effects } = play([
      ['start', 1, 100, 300, 0],
      ['end', 1, 103, 300, 120],
    ]);
    expect(effects).toEqual([{ type: 'tap', x: 100, y: 300 }]);
  });

  it('a slow touch is not a tap', () => {
    const { effects } = play([
      ['start', 2, 700, 300, 0],
      ['end', 2, 700, 300, TouchConstants.tapMaxMs],
    ]);
    expect(effects).toEqual([]);
  });

  it('a drag turns the camera once past the slop, and is not a tap', () => {
    const { effects } = play([
      ['start', 2, 700, 300, 0],
      ['move', 2, 706, 300, 10],
      ['move', 2, 712, 304, 20],
      ['move', 2, 742, 294, 30],
      ['end', 2, 742, 294, 100],
    ]);
    expect(effects).toEqual([
      { type: 'look', dx: 12, dy: 4 },
      { type: 'look', dx: 30, dy: -10 },
    ]);
  });

  it('a drag that comes back to its start is still not a tap', () => {
    const { effects } = play([
      ['start', 2, 700, 300, 0],
      ['move', 2, 730, 300, 50],
      ['move', 2, 700, 300, 100],
      ['end', 2, 700, 300, 150],
    ]);
    expect(effects.filter((e) => e.type === 'tap')).toEqual([]);
  });

  it('spreading two fingers zooms in, pinching zooms out', () => {
    const spread = play([
      ['start', 2, 600, 300],
      ['start', 3, 800, 300],
      ['move', 3, 1000, 300],
    ]);
    expect(spread.effects).toHaveLength(1);
    const [zoomIn] = spread.effects;
    expect(zoomIn?.type === 'zoom' && zoomIn.deltaY).toBeLessThan(0);
    // Doubling the finger gap halves the camera distance.
    const cam = createCamera();
    const zoomed = zoomCamera(cam, zoomIn?.type === 'zoom' ? zoomIn.deltaY : 0);
    expect(zoomed.distance).toBeCloseTo(cam.distance / 2);

    const pinch = play([['move', 2, 900, 300]], spread.state);
    const [zoomOut] = pinch.effects;
    expect(zoomOut?.type === 'zoom' && zoomOut.deltaY).toBeGreaterThan(0);
  });

  it('a pinch neither turns the camera nor taps, even if lifted quickly', () => {
    const { effects } = play([
      ['start', 2, 600, 300, 0],
      ['start', 3, 800, 300, 10],
      ['end', 3, 800, 300, 60],
      ['end', 2, 600, 300, 80],
    ]);
    expect(effects).toEqual([]);
  });

  it('the finger left after a pinch turns the camera from where it is, without a jump', () => {
    const { effects } = play([
      ['start', 2, 600, 300],
      ['start', 3, 800, 300],
      ['move', 2, 500, 300],
      ['end', 3, 800, 300],
      ['move', 2, 510, 300],
    ]);
    expect(effects.at(-1)).toEqual({ type: 'look', dx: 10, dy: 0 });
  });

  it('joystick thumb and camera finger work at once', () => {
    const { state, effects } = play([
      ['start', 1, 200, 500, 0],
      ['start', 2, 700, 300, 0],
      ['move', 1, 200, 460, 10],
      ['move', 2, 740, 300, 10],
      ['move', 1, 240, 500, 20],
      ['end', 2, 740, 300, 400],
    ]);
    expect(effects).toEqual([
      { type: 'keys', keys: { ...NO_KEYS, forward: true } },
      { type: 'look', dx: 40, dy: 0 },
      { type: 'keys', keys: { ...NO_KEYS, right: true } },
    ]);
    // The camera finger is not half a pinch with the joystick thumb.
    expect(effects.some((e) => e.type === 'zoom')).toBe(false);
    expect(state.joystick).not.toBeNull();
    expect(state.keys.right).toBe(true);
  });

  it('a second touch on the left while the joystick is held is a camera finger', () => {
    const { state } = play([
      ['start', 1, 200, 500],
      ['start', 2, 100, 300],
    ]);
    expect(state.joystick?.id).toBe(1);
    expect(state.fingers.map((f) => f.id)).toEqual([2]);
  });

  it('ignores moves and lifts of unknown pointers', () => {
    const { state, effects } = play([
      ['move', 9, 10, 10],
      ['end', 9, 10, 10],
      ['cancel', 9],
    ]);
    expect(effects).toEqual([]);
    expect(state).toEqual(createTouchState());
  });
});
