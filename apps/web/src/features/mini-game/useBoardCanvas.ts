import type { DartsGame } from '@atrium/protocol';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { boardView, drawAim, drawBoard, drawDart, PLAYER_COLOURS } from './board.ts';
import { powerAt, wobbleAmplitude, wobbleAt, type DartsLevel, type Point } from './throwModel.ts';

/** How long a dart flies. */
export const FLIGHT_MS = 280;

export interface Stuck {
  at: Point;
  player: number;
}

export interface Flight {
  to: Point;
  player: number;
  start: number;
}

/** What the animation loop reads each frame; the game writes it. */
export interface BoardScene {
  wrapRef: RefObject<HTMLDivElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  meterRef: RefObject<HTMLDivElement | null>;
  gameRef: RefObject<DartsGame>;
  busyRef: RefObject<boolean>;
  stuck: RefObject<Stuck[]>;
  flight: RefObject<Flight | null>;
  aim: RefObject<Point>;
  holdStart: RefObject<number | null>;
}

/**
 * The board's canvas: a square as big as its box allows, the board drawn once per size at device
 * resolution, and one animation loop while the screen is up (the board image, the darts, the
 * aim, the power meter). Returns the canvas's size in CSS pixels.
 */
export function useBoardCanvas(
  scene: BoardScene,
  level: DartsLevel,
  reducedMotion: boolean,
): number {
  const { wrapRef, canvasRef, meterRef, gameRef, busyRef, stuck, flight, aim, holdStart } = scene;
  const [size, setSize] = useState(0);
  const boardImage = useRef<HTMLCanvasElement | null>(null);

  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const measure = () => {
      const box = wrap.getBoundingClientRect();
      setSize(Math.max(200, Math.floor(Math.min(box.width, box.height))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    return () => observer.disconnect();
  }, [wrapRef]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || size === 0) return;
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    const px = Math.round(size * dpr);
    canvas.width = px;
    canvas.height = px;
    const image = document.createElement('canvas');
    image.width = px;
    image.height = px;
    const ctx = image.getContext('2d');
    if (ctx) drawBoard(ctx, px);
    boardImage.current = image;
  }, [size, canvasRef]);

  useEffect(() => {
    let frame = 0;
    const draw = (now: number) => {
      frame = requestAnimationFrame(draw);
      const canvas = canvasRef.current;
      const image = boardImage.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx || !image) return;
      const view = boardView(canvas.width);
      ctx.drawImage(image, 0, 0);
      for (const dart of stuck.current) drawDart(ctx, view, dart.at, PLAYER_COLOURS[dart.player]!);
      const f = flight.current;
      if (f) {
        const t = Math.min(1, (now - f.start) / FLIGHT_MS);
        const eased = 1 - (1 - t) * (1 - t);
        // From below the board towards the landing point, shrinking as it goes away.
        const from = { x: f.to.x * 0.4, y: -260 };
        const at = { x: from.x + (f.to.x - from.x) * eased, y: from.y + (f.to.y - from.y) * eased };
        drawDart(ctx, view, at, PLAYER_COLOURS[f.player]!, 1 - eased);
      }
      const g = gameRef.current;
      const localTurn = g.winner === null && g.current === 0 && !busyRef.current;
      const held = holdStart.current === null ? 0 : now - holdStart.current;
      if (localTurn) {
        const amplitude = wobbleAmplitude(level, held);
        if (reducedMotion) {
          // No moving hand: the spread is drawn as a circle that grows while held.
          drawAim(ctx, view, aim.current, amplitude, holdStart.current !== null);
        } else {
          const w = wobbleAt(now, amplitude);
          drawAim(
            ctx,
            view,
            { x: aim.current.x + w.x, y: aim.current.y + w.y },
            null,
            holdStart.current !== null,
          );
        }
      }
      const meter = meterRef.current;
      if (meter)
        meter.style.transform = `scaleY(${holdStart.current === null ? 0 : powerAt(held)})`;
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [level, reducedMotion, canvasRef, stuck, flight, gameRef, busyRef, holdStart, aim, meterRef]);

  return size;
}
