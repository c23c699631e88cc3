import { useEffect, useRef } from 'react';

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

/** Particles per 10,000 CSS px², capped, so a phone and a wide screen look alike. */
const DENSITY = 0.9;
const MAX_PARTICLES = 90;
/** Particles closer than this (CSS px) are joined by a line that fades with distance. */
const LINK_DISTANCE = 110;
const SPEED = 0.25;

function spawn(width: number, height: number): Particle[] {
  const count = Math.min(MAX_PARTICLES, Math.round(((width * height) / 10_000) * DENSITY));
  return Array.from({ length: count }, () => ({
    x: Math.random() * width,
    y: Math.random() * height,
    vx: (Math.random() - 0.5) * 2 * SPEED,
    vy: (Math.random() - 0.5) * 2 * SPEED,
    r: 1 + Math.random() * 2,
  }));
}

function draw(ctx: CanvasRenderingContext2D, particles: Particle[], w: number, h: number) {
  ctx.clearRect(0, 0, w, h);
  for (let i = 0; i < particles.length; i++) {
    const a = particles[i] as Particle;
    for (let j = i + 1; j < particles.length; j++) {
      const b = particles[j] as Particle;
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d >= LINK_DISTANCE) continue;
      ctx.strokeStyle = `rgb(255 255 255 / ${(0.35 * (1 - d / LINK_DISTANCE)).toFixed(3)})`;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }
  }
  ctx.fillStyle = 'rgb(255 255 255 / 0.8)';
  for (const p of particles) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, p.r, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * SPEC §2's particles behind the featuring carousel: dots drifting on a canvas, joined by faint
 * lines when near. Written here rather than taken from a library: tsParticles, the maintained
 * one, weighs about 40 KB gzipped even in its slim build, and the event pages must stay within
 * the 170 KB first-load budget; this is some 60 lines with no dependency. With `still` (reduced
 * motion, or the carousel paused) the dots stop where they are, and drift on when it clears.
 */
export function ParticleField({ still }: { still: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** The dots and the canvas size, kept across pauses so they resume where they stopped. */
  const field = useRef<{ particles: Particle[]; width: number; height: number }>({
    particles: [],
    width: 0,
    height: 0,
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const resize = () => {
      const box = canvas.getBoundingClientRect();
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.round(box.width * ratio);
      canvas.height = Math.round(box.height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.lineWidth = 1;
      field.current = {
        particles: spawn(box.width, box.height),
        width: box.width,
        height: box.height,
      };
      draw(ctx, field.current.particles, box.width, box.height);
    };
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    resize();
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (still || !ctx) return;
    let frame = 0;
    const step = () => {
      const { particles, width, height } = field.current;
      for (const p of particles) {
        p.x += p.vx;
        p.y += p.vy;
        if (p.x < 0 || p.x > width) p.vx = -p.vx;
        if (p.y < 0 || p.y > height) p.vy = -p.vy;
      }
      draw(ctx, particles, width, height);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [still]);

  return <canvas ref={canvasRef} className="particle-field" aria-hidden="true" />;
}
