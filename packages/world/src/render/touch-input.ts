import { dragCamera, zoomCamera } from '../camera.ts';
import type { HeldKeys } from '../input.ts';
import {
  applyTouchKeys,
  createTouchState,
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
  type TouchStep,
} from '../touch.ts';
import type { InputSink } from './dom-input.ts';

const KNOB_RADIUS = 24;

/** Whether the main pointer is a finger, so the page should show touch controls and hints. */
export const prefersTouch = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(pointer: coarse)').matches;

const circle = (radius: number, css: Partial<CSSStyleDeclaration>): HTMLDivElement => {
  const el = document.createElement('div');
  el.setAttribute('aria-hidden', 'true');
  Object.assign(el.style, {
    position: 'absolute',
    left: '0',
    top: '0',
    width: `${radius * 2}px`,
    height: `${radius * 2}px`,
    marginLeft: `${-radius}px`,
    marginTop: `${-radius}px`,
    borderRadius: '50%',
    boxSizing: 'border-box',
    pointerEvents: 'none',
    display: 'none',
    zIndex: '1',
    ...css,
  });
  return el;
};

/**
 * Wires touch pointers on the canvas to the pure touch controls: a virtual joystick under the
 * left thumb, one-finger drag to look, pinch to zoom, tap to walk. Only `pointerType === 'touch'`
 * is handled, so it runs beside the desktop adapter. The joystick is drawn in `host`, which must
 * be a positioned ancestor covering the canvas; on a touch screen it waits, dimmed, in the
 * bottom-left corner, so people see it is there. Returns the detach, which also removes the drawing.
 */
export const attachTouchInput = (
  canvas: HTMLCanvasElement,
  sink: InputSink,
  host: HTMLElement,
): (() => void) => {
  let state = createTouchState();
  let keys: HeldKeys = NO_KEYS;

  const base = circle(TouchConstants.joystickRadius, {
    border: '2px solid rgba(255, 255, 255, 0.55)',
    background: 'rgba(255, 255, 255, 0.08)',
    boxShadow: '0 2px 10px rgba(0, 0, 0, 0.25)',
  });
  const knob = circle(KNOB_RADIUS, {
    background: 'rgba(255, 255, 255, 0.6)',
    boxShadow: '0 2px 6px rgba(0, 0, 0, 0.3)',
  });
  // Tests find the drawing by these; the rest position is where a thumb can grab it.
  base.dataset.atriumJoystick = 'base';
  knob.dataset.atriumJoystick = 'knob';
  host.append(base, knob);
  const showRest = prefersTouch();
  const previousTouchAction = canvas.style.touchAction;
  // Without this the browser scrolls and zooms the page instead of sending pointer moves.
  canvas.style.touchAction = 'none';

  const draw = () => {
    const j = state.joystick;
    const shown = j || showRest ? '' : 'none';
    base.style.display = shown;
    knob.style.display = shown;
    base.style.opacity = j ? '1' : '0.7';
    knob.style.opacity = j ? '1' : '0.7';
    const rect = host.getBoundingClientRect();
    if (!j) {
      const canvasRect = canvas.getBoundingClientRect();
      const rest = joystickRest(canvasRect.width, canvasRect.height);
      const at = `translate(${canvasRect.left - rect.left + rest.x}px, ${canvasRect.top - rect.top + rest.y}px)`;
      base.style.transform = at;
      knob.style.transform = at;
      return;
    }
    const k = joystickKnob(j);
    base.style.transform = `translate(${j.originX - rect.left}px, ${j.originY - rect.top}px)`;
    knob.style.transform = `translate(${k.x - rect.left}px, ${k.y - rect.top}px)`;
  };

  const apply = (effect: TouchEffect) => {
    switch (effect.type) {
      case 'keys':
        sink.input = applyTouchKeys(sink.input, keys, effect.keys);
        keys = effect.keys;
        return;
      case 'look':
        sink.camera = dragCamera(sink.camera, effect.dx, effect.dy);
        return;
      case 'zoom':
        sink.camera = zoomCamera(sink.camera, effect.deltaY);
        return;
      case 'tap':
        sink.walkTo(effect.x, effect.y);
        return;
      default: {
        const unhandled: never = effect;
        throw new Error(`Unhandled touch effect ${JSON.stringify(unhandled)}`);
      }
    }
  };
  const run = (step: TouchStep) => {
    state = step.state;
    for (const effect of step.effects) apply(effect);
    draw();
  };

  const point = (e: PointerEvent) => ({
    id: e.pointerId,
    x: e.clientX,
    y: e.clientY,
    t: e.timeStamp,
  });
  const handlePointerDown = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') return;
    // Keeps the browser from also sending emulated mouse events for this touch.
    e.preventDefault();
    canvas.setPointerCapture(e.pointerId);
    const rect = canvas.getBoundingClientRect();
    run(touchStart(state, point(e), { left: rect.left, width: rect.width }));
  };
  const handlePointerMove = (e: PointerEvent) => {
    if (e.pointerType === 'touch') run(touchMove(state, point(e)));
  };
  const handlePointerUp = (e: PointerEvent) => {
    if (e.pointerType === 'touch') run(touchEnd(state, point(e)));
  };
  const handlePointerCancel = (e: PointerEvent) => {
    if (e.pointerType === 'touch') run(touchCancel(state, e.pointerId));
  };
  const handleBlur = () => run(touchReset(state));

  // One abort removes every listener, so adding and removing cannot drift apart.
  const controller = new AbortController();
  const { signal } = controller;
  canvas.addEventListener('pointerdown', handlePointerDown, { signal });
  canvas.addEventListener('pointermove', handlePointerMove, { signal });
  canvas.addEventListener('pointerup', handlePointerUp, { signal });
  canvas.addEventListener('pointercancel', handlePointerCancel, { signal });
  window.addEventListener('blur', handleBlur, { signal });
  // The resting joystick follows the view's size (rotation, fullscreen, first layout).
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => draw()) : null;
  resize?.observe(canvas);
  draw();
  return () => {
    controller.abort();
    resize?.disconnect();
    sink.input = applyTouchKeys(sink.input, keys, NO_KEYS);
    canvas.style.touchAction = previousTouchAction;
    base.remove();
    knob.remove();
  };
};
