import type {
  ClientAck,
  ClientToServerEvents,
  ServerToClientEvents,
  WorldLocation,
} from '@atrium/protocol';

/** A server → client event the world listens to. */
export type WorldServerEvent = keyof ServerToClientEvents;
/** A server event's payload. */
export type WorldServerPayload<E extends WorldServerEvent> = Parameters<ServerToClientEvents[E]>[0];
/** Client → server events sent without waiting for an answer (`world:move`, `world:emote`). */
export type WorldSendEvent = 'world:move' | 'world:emote';
/** A sent event's payload. */
export type WorldSendPayload<E extends WorldSendEvent> = Parameters<ClientToServerEvents[E]>[0];

/**
 * What the world's systems see of the realtime connection. The socket module implements it over
 * socket.io; unit tests use an in-memory double, so a system's socket logic is tested without a
 * server.
 */
export interface WorldTransport {
  /** Listens to a server event; returns the removal. */
  on<E extends WorldServerEvent>(
    event: E,
    handler: (payload: WorldServerPayload<E>) => void,
  ): () => void;
  /** Sends an event that has no answer. */
  emit<E extends WorldSendEvent>(event: E, payload: WorldSendPayload<E>): void;
  /** Joins a world; rejects with the server's message when it refuses. */
  join(world: string, location?: WorldLocation): Promise<ClientAck<'world:join'>>;
  /** The connection dropped; `byServer` when the server closed it on purpose. */
  onDisconnect(handler: (byServer: boolean) => void): () => void;
  /** The connection came back by itself after a drop. */
  onReconnect(handler: () => void): () => void;
}

/** A transport with its lifecycle, owned by the composition root. */
export interface WorldConnection extends WorldTransport {
  /** Opens the connection; resolves once connected. Handlers added before stay attached. */
  connect(): Promise<void>;
  close(): void;
}
