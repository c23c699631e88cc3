import type { Timers } from './timers.ts';

/**
 * SPEC §9's inactivity clock: without input for the share's timeout, the session goes idle
 * (`onIdle`), if the world is still running then.
 */
export class InactivityClock {
  private timer: unknown = null;
  private idle = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly timers: Timers,
    private readonly running: () => boolean,
    private readonly onIdle: () => void,
  ) {}

  /** The world started: not idle, and the clock runs. */
  start(): void {
    this.idle = false;
    this.arm();
  }

  /** Input from the visitor: true when it ends an idle spell. The clock starts over. */
  wake(): boolean {
    const wasIdle = this.idle;
    this.idle = false;
    this.arm();
    return wasIdle;
  }

  stop(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private arm(): void {
    this.stop();
    this.timer = this.timers.set(() => {
      this.timer = null;
      if (!this.running()) return;
      this.idle = true;
      this.onIdle();
    }, this.timeoutMs);
  }
}
