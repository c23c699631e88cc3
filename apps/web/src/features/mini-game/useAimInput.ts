import { gaussian } from '@atrium/protocol';
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import { boardView } from './board.ts';
import {
  powerAt,
  thrownAt,
  wobbleAmplitude,
  wobbleAt,
  type DartsLevel,
  type Point,
} from './throwModel.ts';

/** On a touch screen the aim sits this far above the finger, so the finger does not hide it. */
const TOUCH_AIM_OFFSET_PX = 56;
/** Arrow keys move the aim by this much (mm); with Shift, finer. */
const KEY_STEP_MM = 6;

export interface AimInput {
  aim: RefObject<Point>;
  holdStart: RefObject<number | null>;
  holdKey: RefObject<string | null>;
  level: DartsLevel;
  reducedMotion: boolean;
  /** The local player may throw now. */
  canThrow: () => boolean;
  /** Throws the local player's dart, sent at the point (where it lands is the server's). */
  throwAt: (point: Point) => void;
}

/**
 * The aim and the throw, by pointer or keyboard: press to aim and hold for power, release to
 * throw; arrows move the aim, Space or Enter held and released throws.
 */
export function useAimInput({
  aim,
  holdStart,
  holdKey,
  level,
  reducedMotion,
  canThrow,
  throwAt,
}: AimInput) {
  const release = () => {
    const start = holdStart.current;
    holdStart.current = null;
    holdKey.current = null;
    if (start === null || !canThrow()) return;
    const now = performance.now();
    const held = now - start;
    const amplitude = wobbleAmplitude(level, held);
    const wobble = reducedMotion
      ? { x: (gaussian(Math.random) * amplitude) / 2, y: (gaussian(Math.random) * amplitude) / 2 }
      : wobbleAt(now, amplitude);
    throwAt(thrownAt(aim.current, wobble, powerAt(held)));
  };

  const pointToMm = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const view = boardView(rect.width);
    const offset = event.pointerType === 'touch' ? TOUCH_AIM_OFFSET_PX : 0;
    return view.toMm(event.clientX - rect.left, event.clientY - rect.top - offset);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!event.isPrimary || !canThrow()) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    aim.current = pointToMm(event);
    holdStart.current = performance.now();
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!event.isPrimary) return;
    if (event.pointerType !== 'touch' || holdStart.current !== null) aim.current = pointToMm(event);
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!event.isPrimary) return;
    release();
  };
  const onPointerCancel = () => {
    holdStart.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = event.shiftKey ? 1 : KEY_STEP_MM;
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: step },
      ArrowDown: { x: 0, y: -step },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const limit = 200;
      aim.current = {
        x: Math.max(-limit, Math.min(limit, aim.current.x + move.x)),
        y: Math.max(-limit, Math.min(limit, aim.current.y + move.y)),
      };
      return;
    }
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (event.repeat || holdStart.current !== null || !canThrow()) return;
      holdKey.current = event.key;
      holdStart.current = performance.now();
    }
  };
  const onKeyUp = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (holdKey.current !== null && event.key === holdKey.current) {
      event.preventDefault();
      release();
    }
  };
  const onBlur = () => {
    holdStart.current = null;
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onKeyDown, onKeyUp, onBlur };
}
