import type { ClientAck, WorldLocation } from '@atrium/protocol';
import type {
  WorldSendEvent,
  WorldSendPayload,
  WorldServerEvent,
  WorldServerPayload,
  WorldTransport,
} from '../world-transport.ts';

/** An in-memory transport for unit tests: the test plays the server. */
export interface FakeTransport extends WorldTransport {
  /** What the systems sent, in order. */
  readonly sent: { event: WorldSendEvent; payload: WorldSendPayload<WorldSendEvent> }[];
  /** The joins asked for, in order. */
  readonly joins: { world: string; location: WorldLocation | undefined }[];
  /** Delivers a server event to every listener. */
  serve<E extends WorldServerEvent>(event: E, payload: WorldServerPayload<E>): void;
  /** What the next joins answer, in order; a string rejects with that message. */
  answers: (ClientAck<'world:join'> | string)[];
  drop(byServer: boolean): void;
  reconnect(): void;
  /** Listeners still attached, for checking that `dispose` removes them. */
  listenerCount(): number;
}

/** A fresh fake transport. */
export const createFakeTransport = (): FakeTransport => {
  const listeners: { event: WorldServerEvent; handler: (payload: never) => void }[] = [];
  const disconnects = new Set<(byServer: boolean) => void>();
  const reconnects = new Set<() => void>();
  const fake: FakeTransport = {
    sent: [],
    joins: [],
    answers: [],
    on(event, handler) {
      const entry = { event, handler: handler as (payload: never) => void };
      listeners.push(entry);
      return () => {
        const at = listeners.indexOf(entry);
        if (at >= 0) listeners.splice(at, 1);
      };
    },
    emit(event, payload) {
      fake.sent.push({ event, payload });
    },
    join(world, location) {
      fake.joins.push({ world, location });
      const answer = fake.answers.shift();
      if (answer === undefined) return Promise.reject(new Error('No answer scripted.'));
      return typeof answer === 'string'
        ? Promise.reject(new Error(answer))
        : Promise.resolve(answer);
    },
    onDisconnect(handler) {
      disconnects.add(handler);
      return () => disconnects.delete(handler);
    },
    onReconnect(handler) {
      reconnects.add(handler);
      return () => reconnects.delete(handler);
    },
    serve(event, payload) {
      for (const l of listeners.filter((x) => x.event === event)) {
        (l.handler as (p: typeof payload) => void)(payload);
      }
    },
    drop(byServer) {
      for (const handler of disconnects) handler(byServer);
    },
    reconnect() {
      for (const handler of reconnects) handler();
    },
    listenerCount: () => listeners.length + disconnects.size + reconnects.size,
  };
  return fake;
};
