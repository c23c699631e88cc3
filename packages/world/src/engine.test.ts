import { describe, expect, it } from 'vitest';
import { createEngine, type System } from './engine.ts';

const recorder = () => {
  const calls: { dt: number; now: number }[] = [];
  const system: System = { name: 'rec', update: (dt, now) => calls.push({ dt, now }) };
  return { calls, system };
};

describe('engine', () => {
  it('runs exactly N fixed steps for N × dt elapsed, whatever the frame sizes', () => {
    const { calls, system } = recorder();
    const step = 1000 / 60;
    const engine = createEngine({
      systems: [system],
      now: () => 0,
      stepMs: step,
      maxStepsPerTick: 100,
    });
    engine.tick(0);
    const frames = [7, 3.3, 16.6, 40, 1, 25, 90];
    let t = 0;
    let i = 0;
    while (t < 120 * step) {
      t = Math.min(120 * step, t + (frames[i++ % frames.length] ?? 1));
      engine.tick(t);
    }
    expect(calls.length).toBe(120);
    expect(calls.every((c) => c.dt === step / 1000)).toBe(true);
    expect(engine.timeMs).toBeCloseTo(2000);
    expect(engine.alpha).toBeCloseTo(0);
  });

  it('keeps fractional time for the next tick and exposes it as alpha', () => {
    const { calls, system } = recorder();
    const engine = createEngine({ systems: [system], now: () => 0, stepMs: 10 });
    engine.tick(0);
    expect(engine.tick(15)).toBe(1);
    expect(engine.alpha).toBeCloseTo(0.5);
    expect(engine.tick(20)).toBe(1);
    expect(calls.map((c) => c.now)).toEqual([10, 20]);
  });

  it('runs systems in order and caps catch-up after a stall', () => {
    const order: string[] = [];
    const sys = (name: string): System => ({ name, update: () => order.push(name) });
    let clock = 0;
    const engine = createEngine({
      systems: [sys('input'), sys('movement')],
      now: () => clock,
      stepMs: 10,
      maxStepsPerTick: 5,
    });
    engine.tick();
    clock = 10_000;
    expect(engine.tick()).toBe(5);
    expect(order.slice(0, 4)).toEqual(['input', 'movement', 'input', 'movement']);
    clock = 10_010;
    expect(engine.tick()).toBe(1);
  });
});
