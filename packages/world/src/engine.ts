/** One system's update, run once per fixed step in the order given. */
export interface System {
  readonly name: string;
  /** `dtSeconds` is always the fixed step; `nowMs` is simulated time at the end of the step. */
  update(dtSeconds: number, nowMs: number): void;
}

/** Engine options; `now` is injected so tests drive time by hand. */
export interface EngineOptions {
  systems: readonly System[];
  now: () => number;
  /** Fixed step length; 60 Hz by default. */
  stepMs?: number;
  /** Most steps run in one tick, so a stalled tab does not spiral into ever longer catch-ups. */
  maxStepsPerTick?: number;
}

/** The fixed-timestep loop: the only owner of time in the world. */
export interface Engine {
  /** Advances to `nowMs` (default: `now()`), running whole steps; returns how many ran. */
  tick(nowMs?: number): number;
  /** Simulated time, ms since the first tick. */
  readonly timeMs: number;
  /** Fraction of a step not yet simulated, for the renderer to blend between steps. */
  readonly alpha: number;
}

/** Creates a fixed-step engine; the renderer calls `tick()` from requestAnimationFrame. */
export const createEngine = (options: EngineOptions): Engine => {
  const stepMs = options.stepMs ?? 1000 / 60;
  const maxSteps = options.maxStepsPerTick ?? 5;
  let last: number | null = null;
  let acc = 0;
  let steps = 0;
  // Simulated time is steps × stepMs, not a running sum, so it does not drift.
  const simTime = () => steps * stepMs;
  return {
    tick(nowMs = options.now()) {
      if (last === null) {
        last = nowMs;
        return 0;
      }
      acc += Math.max(0, nowMs - last);
      last = nowMs;
      let ran = 0;
      // The epsilon absorbs float error, so N × stepMs of elapsed time is exactly N steps.
      while (acc >= stepMs - 1e-6 && ran < maxSteps) {
        acc -= stepMs;
        steps++;
        ran++;
        for (const system of options.systems) system.update(stepMs / 1000, simTime());
      }
      // Time beyond the cap is dropped: the world pauses rather than fast-forwards.
      if (ran === maxSteps && acc >= stepMs) acc = acc % stepMs;
      if (acc < 0) acc = 0;
      return ran;
    },
    get timeMs() {
      return simTime();
    },
    get alpha() {
      return acc / stepMs;
    },
  };
};
