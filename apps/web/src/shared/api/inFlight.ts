/**
 * SPEC §4: "duplicate runs of the same keyed action are blocked while one is in flight". A
 * disabled button is not enough on its own: two clicks can land before React re-renders.
 */
export interface InFlightGuard {
  /**
   * Runs `action` unless an action with the same key is still running. Returns its promise, or
   * `null` (synchronously) when the run was blocked.
   */
  run<T>(key: string, action: () => Promise<T>): Promise<T> | null;
  /** Whether an action with this key is running. */
  isRunning(key: string): boolean;
}

/** Creates a guard; keys are independent of each other. */
export function createInFlightGuard(): InFlightGuard {
  const running = new Set<string>();
  return {
    run<T>(key: string, action: () => Promise<T>): Promise<T> | null {
      if (running.has(key)) return null;
      running.add(key);
      let promise: Promise<T>;
      try {
        promise = action();
      } catch (error) {
        promise = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      return promise.finally(() => running.delete(key));
    },
    isRunning: (key) => running.has(key),
  };
}

/** The app's guard for user actions (login, register, forgot password, …). */
export const inFlight = createInFlightGuard();

/** Resolves after `ms` milliseconds (the spec's submit delays). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
