import { describe, expect, it } from 'vitest';
import {
  consumeActions,
  createInputState,
  isMoving,
  keyDown,
  keyUp,
  moveIntent,
  primaryClick,
  releaseAll,
} from './input.ts';

describe('input', () => {
  it('maps Digit1 to waving and Digit0 to dance', () => {
    let s = keyDown(createInputState(), 'Digit1');
    s = keyDown(s, 'Digit0');
    expect(consumeActions(s).actions).toEqual([
      { type: 'emote', emote: 'waving' },
      { type: 'emote', emote: 'dance' },
    ]);
  });

  it('queues jump, interact (E or click) and inventory once, ignoring key repeat', () => {
    let s = keyDown(createInputState(), 'Space');
    s = keyDown(s, 'Space', true);
    s = keyDown(s, 'KeyE');
    s = primaryClick(s);
    s = keyDown(s, 'KeyI');
    s = keyDown(s, 'KeyQ');
    const { state, actions } = consumeActions(s);
    expect(actions.map((a) => a.type)).toEqual(['jump', 'interact', 'interact', 'inventory']);
    expect(consumeActions(state).actions).toEqual([]);
  });

  it('tracks held WASD and shift', () => {
    let s = keyDown(createInputState(), 'KeyW');
    s = keyDown(s, 'ShiftLeft');
    expect(s.forward && s.run && isMoving(s)).toBe(true);
    s = keyUp(s, 'KeyW');
    expect(isMoving(s)).toBe(false);
    s = releaseAll(keyDown(s, 'KeyD'));
    expect(s).toEqual(createInputState());
  });

  it('gives a camera-relative unit intent', () => {
    const w = keyDown(createInputState(), 'KeyW');
    const at0 = moveIntent(w, 0);
    expect(at0.x).toBeCloseTo(0);
    expect(at0.z).toBeCloseTo(-1);
    const turned = moveIntent(w, Math.PI / 2);
    expect(turned.x).toBeCloseTo(-1);
    expect(turned.z).toBeCloseTo(0);
    const d = moveIntent(keyDown(w, 'KeyD'), 0);
    expect(Math.hypot(d.x, d.z)).toBeCloseTo(1);
    expect(d.x).toBeCloseTo(Math.SQRT1_2);
    expect(moveIntent(keyDown(w, 'KeyS'), 0)).toEqual({ x: 0, z: 0 });
  });

  it('holds the arrow keys as camera turns, not as movement', () => {
    let s = keyDown(createInputState(), 'ArrowLeft');
    s = keyDown(s, 'ArrowUp');
    expect(s.look).toEqual({ left: true, right: false, up: true, down: false });
    expect(isMoving(s)).toBe(false);
    expect(consumeActions(s).actions).toEqual([]);
    s = keyUp(s, 'ArrowLeft');
    expect(s.look.left).toBe(false);
    expect(releaseAll(keyDown(s, 'ArrowRight')).look).toEqual(createInputState().look);
  });
});
