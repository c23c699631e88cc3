import { dragCamera, zoomCamera, type CameraState } from '../camera.ts';
import { keyDown, keyUp, primaryClick, releaseAll, type InputState } from '../input.ts';

/** The state the DOM adapter writes into; the engine systems read it on their next step. */
export interface InputSink {
  input: InputState;
  camera: CameraState;
  /** A double click on the canvas at client coordinates: walk there. */
  walkTo(clientX: number, clientY: number): void;
  /** Where the last left click landed (client coordinates), until the engine reads it. */
  lastClick?: { x: number; y: number } | null;
}

/** Pointer travel below which a press counts as a click, not a drag. */
const CLICK_SLOP_PX = 4;

const isEditable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Keys the page would otherwise use to scroll while the world has focus. */
const SCROLL_KEYS = new Set([
  'Space',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
]);

/**
 * Wires keyboard, pointer and wheel events to the pure input and camera systems. Keys are heard
 * on the window (outside text fields), pointer gestures on the canvas. Returns the unsubscribe.
 */
export const attachDomInput = (canvas: HTMLCanvasElement, sink: InputSink): (() => void) => {
  let drag: { id: number; x: number; y: number; travel: number } | null = null;

  const handleKeyDown = (e: KeyboardEvent) => {
    if (isEditable(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    const focusOnWorld =
      document.activeElement === canvas || document.activeElement === document.body;
    if (focusOnWorld && SCROLL_KEYS.has(e.code)) e.preventDefault();
    sink.input = keyDown(sink.input, e.code, e.repeat);
  };
  const handleKeyUp = (e: KeyboardEvent) => {
    sink.input = keyUp(sink.input, e.code);
  };
  const handleBlur = () => {
    sink.input = releaseAll(sink.input);
  };
  const handlePointerDown = (e: PointerEvent) => {
    // Touches belong to the touch adapter (joystick, look, tap-to-move).
    if (e.pointerType === 'touch' || e.button !== 0) return;
    canvas.focus({ preventScroll: true });
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, travel: 0 };
    canvas.setPointerCapture(e.pointerId);
  };
  const handlePointerMove = (e: PointerEvent) => {
    if (!drag || drag.id !== e.pointerId) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    drag = { ...drag, x: e.clientX, y: e.clientY, travel: drag.travel + Math.hypot(dx, dy) };
    sink.camera = dragCamera(sink.camera, dx, dy);
  };
  const handlePointerUp = (e: PointerEvent) => {
    if (!drag || drag.id !== e.pointerId) return;
    if (drag.travel < CLICK_SLOP_PX) {
      sink.lastClick = { x: e.clientX, y: e.clientY };
      sink.input = primaryClick(sink.input);
    }
    drag = null;
  };
  const handleWheel = (e: WheelEvent) => {
    e.preventDefault();
    sink.camera = zoomCamera(sink.camera, e.deltaY);
  };
  const handleDoubleClick = (e: MouseEvent) => {
    sink.walkTo(e.clientX, e.clientY);
  };

  // One abort removes every listener, so adding and removing cannot drift apart.
  const controller = new AbortController();
  const { signal } = controller;
  window.addEventListener('keydown', handleKeyDown, { signal });
  window.addEventListener('keyup', handleKeyUp, { signal });
  window.addEventListener('blur', handleBlur, { signal });
  canvas.addEventListener('pointerdown', handlePointerDown, { signal });
  canvas.addEventListener('pointermove', handlePointerMove, { signal });
  canvas.addEventListener('pointerup', handlePointerUp, { signal });
  canvas.addEventListener('pointercancel', handlePointerUp, { signal });
  canvas.addEventListener('wheel', handleWheel, { passive: false, signal });
  canvas.addEventListener('dblclick', handleDoubleClick, { signal });
  return () => controller.abort();
};
