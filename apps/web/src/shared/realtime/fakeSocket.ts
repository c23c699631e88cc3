import type { AckResult } from '@atrium/protocol';
import type { AppSocket, OpenSocket } from './socketClient.ts';

type Listener = (...args: never[]) => void;

/** A stand-in for socket.io-client's socket in unit tests: the test plays the server. */
export interface FakeSocket {
  /** The socket as the client code sees it. */
  readonly socket: AppSocket;
  /** The url and options it was opened with. */
  readonly opened: { url: string; options: Parameters<OpenSocket>[1] };
  /** Events the client sent, in order (answered ones too). */
  readonly sent: { event: string; payload: unknown }[];
  /** What the next answered events get back, in order. */
  readonly answers: AckResult<unknown>[];
  readonly closed: boolean;
  /** Fires a socket event (`connect`, `disconnect`, a server event…) to its listeners. */
  fire(event: string, ...args: unknown[]): void;
  /** Fires a manager event (`reconnect`…). */
  fireManager(event: string): void;
  /** Listeners of one socket event. */
  listeners(event: string): number;
}

/** An `open` for the socket client that records the fake sockets it makes. */
export const createFakeOpen = (): { open: OpenSocket; sockets: FakeSocket[] } => {
  const sockets: FakeSocket[] = [];
  const open: OpenSocket = (url, options) => {
    const fake = createFakeSocket(url, options);
    sockets.push(fake);
    return fake.socket;
  };
  return { open, sockets };
};

const createFakeSocket = (url: string, options: Parameters<OpenSocket>[1]): FakeSocket => {
  const on = new Map<string, { fn: Listener; once: boolean }[]>();
  const manager = new Map<string, Listener[]>();
  const add = (event: string, fn: Listener, once: boolean) =>
    on.set(event, [...(on.get(event) ?? []), { fn, once }]);
  const call = (fn: Listener, args: unknown[]) => (fn as (...a: unknown[]) => void)(...args);
  let closed = false;
  let connected = false;
  const fake = {
    opened: { url, options },
    sent: [] as { event: string; payload: unknown }[],
    answers: [] as AckResult<unknown>[],
    get closed() {
      return closed;
    },
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') {
        // The handshake read the namespace's `auth` first.
        if (typeof options.auth === 'function') options.auth(() => undefined);
        connected = true;
      }
      if (event === 'disconnect') connected = false;
      const entries = on.get(event) ?? [];
      on.set(
        event,
        entries.filter((e) => !e.once),
      );
      for (const { fn } of entries) call(fn, args);
    },
    fireManager(event: string) {
      for (const fn of manager.get(event) ?? []) call(fn, []);
    },
    listeners: (event: string) => on.get(event)?.length ?? 0,
  };
  const socket = {
    get connected() {
      return connected;
    },
    get active() {
      return !closed;
    },
    connect() {
      closed = false;
      return socket;
    },
    disconnect() {
      closed = true;
      connected = false;
      return socket;
    },
    on(event: string, fn: Listener) {
      add(event, fn, false);
      return socket;
    },
    once(event: string, fn: Listener) {
      add(event, fn, true);
      return socket;
    },
    off(event: string, fn: Listener) {
      on.set(
        event,
        (on.get(event) ?? []).filter((e) => e.fn !== fn),
      );
      return socket;
    },
    emit(event: string, payload: unknown) {
      fake.sent.push({ event, payload });
      return socket;
    },
    timeout: () => ({
      emitWithAck(event: string, payload: unknown) {
        fake.sent.push({ event, payload });
        const answer = fake.answers.shift();
        return answer
          ? Promise.resolve(answer)
          : Promise.reject(new Error('operation has timed out'));
      },
    }),
    close() {
      closed = true;
      connected = false;
      return socket;
    },
    io: {
      on(event: string, fn: Listener) {
        manager.set(event, [...(manager.get(event) ?? []), fn]);
      },
      off(event: string, fn: Listener) {
        manager.set(
          event,
          (manager.get(event) ?? []).filter((f) => f !== fn),
        );
      },
    },
  };
  // Only the members above are used by the client code; the cast stands in for the rest.
  return Object.assign(fake, { socket: socket as unknown as AppSocket });
};
