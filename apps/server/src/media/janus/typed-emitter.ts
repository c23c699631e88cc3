import { EventEmitter } from 'node:events';

/** A small typed event emitter: `on` returns the function that removes the listener. */
export class TypedEmitter<Events extends object> {
  readonly #emitter = new EventEmitter();

  /** Adds a listener; call the returned function to remove it. */
  on<K extends keyof Events & string>(event: K, listener: (data: Events[K]) => void): () => void {
    this.#emitter.on(event, listener);
    return () => this.#emitter.off(event, listener);
  }

  /** Resolves with the next `event`. */
  next<K extends keyof Events & string>(event: K): Promise<Events[K]> {
    return new Promise((resolve) => this.#emitter.once(event, resolve));
  }

  protected emit<K extends keyof Events & string>(event: K, data: Events[K]): void {
    this.#emitter.emit(event, data);
  }

  protected removeAllListeners(): void {
    this.#emitter.removeAllListeners();
  }
}
