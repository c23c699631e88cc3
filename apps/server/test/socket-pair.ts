/**
 * In-memory sockets for protocol tests: a connected client/server pair of typed event emitters,
 * without a network, whose messages wait on a {@link MessageBus} until the test delivers them.
 * Each direction of a connection is delivered in order, as over one WebSocket; which connection
 * goes next is the test's choice, so a seeded fuzz can try the interleavings of several clients
 * and the server (tldraw's TestSocketPair does the same for its sync protocol).
 */

/** A socket.io-style event map: event name → listener; a function as last argument is an ack. */
export type EventMap = { [event: string]: (...args: never[]) => void };

/** Why a connection ended, in socket.io's words. */
export type DisconnectReason =
  | 'io client disconnect'
  | 'io server disconnect'
  | 'client namespace disconnect'
  | 'server namespace disconnect'
  | 'transport close';

type Message = () => void;

/** One direction of one connection, or one deferred answer: delivered in order. */
interface Queue {
  readonly label: string;
  readonly messages: Message[];
}

/** Lets every promise chain started by a delivery run to its next real wait. */
const idle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Where messages wait. A test delivers them one at a time (`deliver(pick)`) in the order it
 * chooses across queues, or all of them (`flush`).
 */
export class MessageBus {
  private readonly queues: Queue[] = [];
  /** Labels of the messages delivered so far, for a failing run's report. */
  readonly log: string[] = [];

  /** A new in-order queue. */
  queue(label: string): Queue {
    const queue: Queue = { label, messages: [] };
    this.queues.push(queue);
    return queue;
  }

  /** Queues with a message waiting. */
  waiting(): number {
    return this.queues.filter((q) => q.messages.length > 0).length;
  }

  /**
   * Delivers the next message of the `pick`-th waiting queue (modulo their number), then lets the
   * promise chains it started settle. False when nothing waits.
   */
  async deliver(pick: number): Promise<boolean> {
    const ready = this.queues.filter((q) => q.messages.length > 0);
    const queue = ready[Math.abs(Math.trunc(pick)) % Math.max(ready.length, 1)];
    const message = queue?.messages.shift();
    if (!queue || !message) return false;
    this.log.push(queue.label);
    message();
    await idle();
    return true;
  }

  /** Delivers until nothing waits, one message of each waiting queue in turn. */
  async flush(limit = 10_000): Promise<void> {
    await idle();
    for (let i = 0; await this.deliver(i); i += 1) {
      if (i >= limit) throw new Error(`still delivering after ${limit} messages`);
    }
  }

  /**
   * A value that arrives when the bus delivers it, in any order against everything else: a
   * database or Redis answer that takes its time.
   */
  later<T>(value: T, label = 'later'): Promise<T> {
    return new Promise((resolve) => this.queue(label).messages.push(() => resolve(value)));
  }
}

type Listener = (...args: unknown[]) => void;

/** One end of an in-memory connection: it hears `In` events and sends `Out` events. */
export interface SocketEnd<In extends EventMap, Out extends EventMap> {
  readonly id: string;
  readonly connected: boolean;
  on<E extends keyof In & string>(event: E, listener: In[E]): void;
  off<E extends keyof In & string>(event: E, listener: In[E]): void;
  /** Sends an event; a function as last argument is an ack, answered over the same connection. */
  emit<E extends keyof Out & string>(event: E, ...args: Parameters<Out[E]>): void;
  /** Hears the end of the connection, once, with socket.io's reason for this end. */
  onDisconnect(listener: (reason: DisconnectReason) => void): void;
  /**
   * Closes the connection on purpose. The other end hears what was sent before, then the close;
   * what it had sent that this end had not yet received is lost.
   */
  disconnect(): void;
}

/** The ends of a connection, and a network failure that ends it. */
export interface SocketPair<ClientToServer extends EventMap, ServerToClient extends EventMap> {
  client: SocketEnd<ServerToClient, ClientToServer>;
  server: SocketEnd<ClientToServer, ServerToClient>;
  /**
   * The network fails: both directions lose what is in flight; the client hears at once, the
   * server only when the bus delivers it (a server notices a dead connection late).
   */
  drop(): void;
}

interface EndState {
  connected: boolean;
  listeners: Map<string, Listener[]>;
  disconnects: ((reason: DisconnectReason) => void)[];
}

const newEnd = (): EndState => ({ connected: true, listeners: new Map(), disconnects: [] });

/** Copies a payload as the wire would (JSON or binary); functions (acks) are handled apart. */
const wire = (value: unknown): unknown =>
  typeof value === 'function' ? value : structuredClone(value);

/** A connected pair; `id` is the connection's id on both ends (socket.io's `socket.id`). */
export function createSocketPair<ClientToServer extends EventMap, ServerToClient extends EventMap>(
  bus: MessageBus,
  id: string,
): SocketPair<ClientToServer, ServerToClient> {
  const up = bus.queue(`${id} → server`);
  const down = bus.queue(`server → ${id}`);
  const client = newEnd();
  const server = newEnd();

  const close = (end: EndState, reason: DisconnectReason) => {
    if (!end.connected) return;
    end.connected = false;
    for (const listener of end.disconnects.splice(0)) listener(reason);
  };

  const makeEnd = <In extends EventMap, Out extends EventMap>(
    self: EndState,
    peer: EndState,
    outbox: Queue,
    inbox: Queue,
    names: { own: DisconnectReason; peer: DisconnectReason },
  ): SocketEnd<In, Out> => ({
    id,
    get connected() {
      return self.connected;
    },
    on(event, listener) {
      self.listeners.set(event, [
        ...(self.listeners.get(event) ?? []),
        listener as unknown as Listener,
      ]);
    },
    off(event, listener) {
      self.listeners.set(
        event,
        (self.listeners.get(event) ?? []).filter((l) => l !== (listener as unknown as Listener)),
      );
    },
    emit(event, ...args) {
      if (!self.connected) return;
      const sent = (args as unknown[]).map((arg) => {
        if (typeof arg !== 'function') return wire(arg);
        // The answer travels back over the same connection, after what the peer sent before it.
        const ack = arg as Listener;
        return (...answer: unknown[]) => {
          if (!peer.connected) return;
          const copy = answer.map(wire);
          inbox.messages.push(() => {
            if (self.connected) ack(...copy);
          });
        };
      });
      outbox.messages.push(() => {
        if (!peer.connected) return;
        for (const listener of [...(peer.listeners.get(event) ?? [])]) listener(...sent);
      });
    },
    onDisconnect(listener) {
      self.disconnects.push(listener);
    },
    disconnect() {
      if (!self.connected) return;
      inbox.messages.length = 0;
      close(self, names.own);
      outbox.messages.push(() => close(peer, names.peer));
    },
  });

  return {
    client: makeEnd<ServerToClient, ClientToServer>(client, server, up, down, {
      own: 'io client disconnect',
      peer: 'client namespace disconnect',
    }),
    server: makeEnd<ClientToServer, ServerToClient>(server, client, down, up, {
      own: 'server namespace disconnect',
      peer: 'io server disconnect',
    }),
    drop() {
      if (!client.connected) return;
      up.messages.length = 0;
      down.messages.length = 0;
      close(client, 'transport close');
      up.messages.push(() => close(server, 'transport close'));
    },
  };
}
