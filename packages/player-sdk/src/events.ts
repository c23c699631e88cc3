import type { ServerAvailability } from './messages.ts';

/**
 * The events a {@link Player} emits, each with the arguments its listeners receive.
 * Subscribe with `player.on(name, listener)`.
 * @public
 */
export interface PlayerEventMap {
  /** The frame (or, in debug mode, the debug socket) is ready: commands are now sent. */
  load: [];
  /** The frame reported an error; its text has replaced the container's content. */
  error: [message: string];
  /** A message from the application, as the frame sent it (usually JSON text). */
  sdkMessage: [data: unknown];
  /** The visitor became active again. */
  userActive: [];
  /** The visitor has been inactive for the inactivity timeout. */
  userInactive: [];
  /** The session ended. */
  sessionStopped: [];
  /** The application is being installed on the server; the value is the frame's progress report. */
  appInstallProgress: [progress: unknown];
  /** The application was installed on the server. */
  appInstallSuccess: [];
  /** The application could not be installed on the server. */
  appInstallFail: [];
  /** The application started. */
  appStart: [];
  /** The stream started (this also ends a `restartStream`). */
  streamStart: [];
  /** Server availability figures, parsed from the frame's JSON text. */
  stats: [stats: ServerAvailability];
  /** The application stopped on its own (a crash); the frame may say why. */
  appStop: [reason?: unknown];
  /** Whether the last session can be resumed with `resumeSession()`. */
  resumeSession: [state: { canResumeSession: boolean }];
}

/** The name of a {@link Player} event. @public */
export type PlayerEventName = keyof PlayerEventMap;

/** A listener of the {@link Player} event `K`. @public */
export type PlayerListener<K extends PlayerEventName> = (...args: PlayerEventMap[K]) => void;

/** A typed set of listeners per event. A listener that throws does not stop the others. */
export class Emitter<M extends Record<keyof M, unknown[]>> {
  private listeners: { [K in keyof M]?: Set<(...args: M[K]) => void> } = {};

  /** Adds `listener` for `event`; adding the same listener twice has no effect. */
  on<K extends keyof M>(event: K, listener: (...args: M[K]) => void): void {
    const set = this.listeners[event] ?? new Set<(...args: M[K]) => void>();
    set.add(listener);
    this.listeners[event] = set;
  }

  /** Removes `listener` from `event`. */
  off<K extends keyof M>(event: K, listener: (...args: M[K]) => void): void {
    this.listeners[event]?.delete(listener);
  }

  /** Calls every listener of `event` with `args`. */
  emit<K extends keyof M>(event: K, ...args: M[K]): void {
    for (const listener of [...(this.listeners[event] ?? [])]) {
      try {
        listener(...args);
      } catch (error: unknown) {
        console.error(error);
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners = {};
  }
}
