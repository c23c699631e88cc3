import { SocketText } from '@atrium/protocol';

/**
 * Event names socket.io keeps for itself; emitting one throws (SPEC §8). socket.io-client's own
 * list, which it does not export.
 */
export const RESERVED_EVENTS: ReadonlySet<string> = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
]);

/**
 * SPEC §8's socket texts, letter for letter, in one place. `ackTimeout`, `connectTimeout` and
 * `reserved` are also socket.io-client's own words; the tests hold the two together.
 */
export const SocketClientText = {
  /** Logged, and the emit refused, while the socket is not connected. */
  notReady: 'unable to emit, socket not ready.',
  /** An answered event got no answer in time. */
  ackTimeout: 'operation has timed out',
  /** The connection was not made in time (SPEC §9: 20000 ms). */
  connectTimeout: 'timeout',
  /** The server refused a message that does not match the protocol. */
  invalidPayload: SocketText.invalidPayload,
  /** The `connect_error` of a server on another protocol version: the hint to reload. */
  unsupportedProtocol: SocketText.unsupportedProtocol,
  reserved: (event: string) => `"${event}" is a reserved event name`,
  /** The first connection failed; `reason` is one of the texts above or the server's. */
  couldNotConnect: (reason: string) => `Could not connect to the server: ${reason}`,
} as const;
