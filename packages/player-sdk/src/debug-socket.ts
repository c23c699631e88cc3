import { BAD_PARAMETERS, WS_CLOSE, WS_CONNECTED, WS_ERROR, WS_NOT_OPEN } from './texts.ts';

/** The port of the local debug server the application opens (fixed by the protocol). */
export const DEBUG_SOCKET_PORT = 8081;

/** The debug server's host when `wsServerAddress` is not given. */
export const DEFAULT_DEBUG_HOST = '127.0.0.1';

/** The `type` of every debug socket message the Atrium SDK sends and accepts. @public */
export const DEBUG_MESSAGE_TYPE = 'atrium';

/** The `task` of a debug socket message that carries an SDK message. @public */
export const DEBUG_SDK_TASK = 'sdk';

/** A message on the debug socket, in both directions. @public */
export interface DebugSocketMessage {
  type: string;
  task: string;
  data: unknown;
}

/** What a {@link DebugSocket} reports to its owner. */
export interface DebugSocketHandlers {
  /** The socket opened: SDK messages can be sent. */
  onOpen?: () => void;
  /** An SDK message arrived (JSON text is parsed; other text is passed as is). */
  onSDKMessage?: (data: unknown) => void;
}

let port = DEBUG_SOCKET_PORT;

/**
 * Tests only: the port later debug sockets connect to, so a test server can use a free port.
 * @internal
 */
export const setDebugSocketPortForTests = (value: number): void => {
  port = value;
};

const isDebugSocketMessage = (data: unknown): data is DebugSocketMessage =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { type?: unknown }).type === 'string' &&
  typeof (data as { task?: unknown }).task === 'string';

/** The parsed value of JSON text, or undefined when the text is not JSON. */
const parseJson = (text: string): { value: unknown } | undefined => {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
};

/**
 * The WebSocket of debug mode: the host page talks to an application running on the developer's
 * machine, on `ws://{host}:8081`, with JSON messages `{ type, task, data }`.
 */
export class DebugSocket {
  private readonly ws: WebSocket;

  /**
   * Connects to `ws://{host}:8081`.
   * @param host - the debug server's host name or IP address.
   * @throws Error `Bad parameters` when `host` is empty, not a string or not a valid host.
   */
  constructor(host: string, handlers: DebugSocketHandlers = {}) {
    if (typeof host !== 'string' || host === '') throw new Error(BAD_PARAMETERS);
    const hostname = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    const address = `${hostname}:${port}`;
    try {
      this.ws = new WebSocket(`ws://${address}`);
    } catch (error: unknown) {
      throw new Error(BAD_PARAMETERS, { cause: error });
    }
    this.ws.onopen = () => {
      console.log(WS_CONNECTED, address);
      handlers.onOpen?.();
    };
    this.ws.onerror = (event) => console.error(WS_ERROR, event);
    this.ws.onclose = (event) => console.error(WS_CLOSE, event);
    this.ws.onmessage = (event: MessageEvent) => {
      const message = typeof event.data === 'string' ? parseJson(event.data)?.value : undefined;
      if (!isDebugSocketMessage(message)) return;
      if (message.type !== DEBUG_MESSAGE_TYPE || message.task !== DEBUG_SDK_TASK) return;
      const { data } = message;
      handlers.onSDKMessage?.(
        typeof data === 'string' ? (parseJson(data) ?? { value: data }).value : data,
      );
    };
  }

  /** True while the socket is open. */
  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends an SDK message; logs `Cannot send message, ws connection not open` when not open. */
  send(data: unknown): void {
    if (!this.isOpen) {
      console.log(WS_NOT_OPEN);
      return;
    }
    const message: DebugSocketMessage = { type: DEBUG_MESSAGE_TYPE, task: DEBUG_SDK_TASK, data };
    this.ws.send(JSON.stringify(message));
  }

  /** Closes the socket without reporting anything more. */
  close(): void {
    this.ws.onopen = null;
    this.ws.onerror = null;
    this.ws.onclose = null;
    this.ws.onmessage = null;
    this.ws.close();
  }
}
