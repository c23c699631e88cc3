import type { Timers } from './timers.ts';

const NOTICE_MS = 4000;

/** The short notice over the world (photo saved, a notification…), hidden after 4 s. */
export class Notice {
  private timer: unknown = null;

  constructor(
    private readonly timers: Timers,
    private readonly show: (text: string | null) => void,
  ) {}

  /** Shows `text`; unless `autoHide` is off (a photo being saved), it hides after 4 s. */
  post(text: string, autoHide = true): void {
    this.clear();
    this.show(text);
    if (autoHide) {
      this.timer = this.timers.set(() => {
        this.timer = null;
        this.show(null);
      }, NOTICE_MS);
    }
  }

  /** Stops the hiding timer (the frame is going). */
  clear(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
