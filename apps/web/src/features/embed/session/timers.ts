/** The frame's timers, replaceable in tests (`EmbedDeps.setTimeout` and `clearTimeout`). */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}
