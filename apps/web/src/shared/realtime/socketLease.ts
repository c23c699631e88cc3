import { Manager, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { tokenSubject } from '../character/visitLook.ts';

/** socket.io-client's `io`, replaceable in tests: opens the socket of a url's namespace. */
export type OpenSocket<S = Socket> = (
  url: string,
  options: Partial<ManagerOptions & SocketOptions>,
) => S;

/** The handshake `auth` as socket.io sends it: a callback, so each (re)connect reads it anew. */
type SendAuth = (send: (auth: object) => void) => void;

/**
 * One socket.io `Manager` per origin in this document: every namespace (the app's `/`, a
 * classroom's `/room/room-{n}`) rides its one WebSocket, reconnects with it and shares its state.
 * The first socket's options configure it; every socket of the app uses the same ones.
 */
const managers = new Map<string, Manager>();

/** Opens a namespace's socket on the document's Manager for the url's origin. */
export const openOnPageManager: OpenSocket = (url, options) => {
  const { origin, pathname } = new URL(url);
  const { auth, ...managerOptions } = options;
  let manager = managers.get(origin);
  if (!manager) {
    manager = new Manager(origin, managerOptions);
    managers.set(origin, manager);
  }
  return manager.socket(pathname, auth ? { auth } : {});
};

interface Holder {
  getToken: () => string;
  auth: SendAuth;
}

/** A namespace's one socket and whoever holds it now; kept, since the Manager keeps the socket. */
interface Entry {
  socket: Socket;
  holders: Holder[];
  /** Whose token the last handshake carried (the token's subject): a new account reconnects. */
  sentSubject: string | null;
}

/** Entries per opener (each test's fake opener has its own), then per namespace url. */
const entries = new WeakMap<OpenSocket<unknown>, Map<string, Entry>>();

const subjectOf = (token: string) => tokenSubject(token) ?? token;

const entryFor = (
  url: string,
  options: LeaseOptions['options'],
  open: OpenSocket<unknown>,
  first: Holder,
) => {
  let byUrl = entries.get(open);
  if (!byUrl) {
    byUrl = new Map();
    entries.set(open, byUrl);
  }
  let entry = byUrl.get(url);
  if (entry) return { entry, created: false };
  // The first holder is in before the socket opens: on an open Manager it handshakes at once.
  const made: Entry = { socket: null as unknown as Socket, holders: [first], sentSubject: null };
  // socket.io sends `auth` per namespace: the newest holder's token, read at each handshake.
  const auth: SendAuth = (send) => {
    const holder = made.holders.at(-1);
    if (!holder) return;
    made.sentSubject = subjectOf(holder.getToken());
    holder.auth(send);
  };
  made.socket = open(url, { ...options, auth }) as Socket;
  byUrl.set(url, made);
  entry = made;
  return { entry, created: true };
};

/**
 * The socket is the account of its last handshake; when the newest holder's token is another
 * account's (a sign-in, or a sign-out leaving an anonymous holder), it reconnects so the server
 * sees who is there now (presence ends for the one who left). A rotated token of the same
 * account does not reconnect: the next handshake sends it.
 */
const reconnectOnNewAccount = (entry: Entry) => {
  const holder = entry.holders.at(-1);
  if (!holder || !entry.socket.connected) return;
  if (entry.sentSubject === subjectOf(holder.getToken())) return;
  entry.socket.disconnect();
  entry.socket.connect();
};

export interface LeaseOptions {
  /** The namespace's url: the origin, and the namespace as its path (`/` by default). */
  url: string;
  /** The Manager's options and this holder's `auth` callback. */
  options: Partial<ManagerOptions & SocketOptions> & { auth: SendAuth };
  /** The holder's current token, for the namespace's handshake and its account check. */
  getToken: () => string;
  open?: OpenSocket<unknown>;
}

type Listener = (...args: never[]) => void;
type Emitter = {
  on(event: string, fn: Listener): unknown;
  once(event: string, fn: Listener): unknown;
  off(event: string, fn: Listener): unknown;
};

type Added = [Emitter, string, Listener][];

/** Reads a member of the real object, its methods bound to it (socket.io's use `this`). */
const member = (object: object, key: string | symbol): unknown => {
  const value: unknown = Reflect.get(object, key, object);
  return typeof value === 'function' ? (value as Listener).bind(object) : value;
};

/**
 * `on`, `once` and `off` of an emitter that remember what was added through them, so a holder
 * that lets go of the shared socket takes its own listeners with it and no one else's.
 */
const trackedMethod = (
  target: Emitter,
  key: 'on' | 'once' | 'off',
  added: Added,
  self: () => unknown,
) =>
  key === 'off'
    ? (event: string, fn: Listener) => {
        target.off(event, fn);
        const at = added.findIndex(([t, e, f]) => t === target && e === event && f === fn);
        if (at >= 0) added.splice(at, 1);
        return self();
      }
    : (event: string, fn: Listener) => {
        target[key](event, fn);
        added.push([target, event, fn]);
        return self();
      };

const isListenerMethod = (key: string | symbol): key is 'on' | 'once' | 'off' =>
  key === 'on' || key === 'once' || key === 'off';

/**
 * A hold on a namespace's shared socket, looking like a socket of one's own: `close()` (or
 * `disconnect()`) lets go, removing this holder's listeners (on the socket and on its Manager);
 * the socket itself disconnects when its last holder lets go, and the WebSocket when the
 * Manager's last socket does. `connect()` takes hold again. A released hold reads as not
 * connected, so the emit helpers refuse on it as on a dropped socket.
 */
export function leaseSocket<S extends Socket>({
  url,
  options,
  getToken,
  open = openOnPageManager,
}: LeaseOptions): S {
  const holder: Holder = { getToken, auth: options.auth };
  const { entry, created } = entryFor(url, options, open, holder);
  const socket = entry.socket;
  const added: Added = [];
  // A new socket holds its first holder already and connects by itself (autoConnect).
  let held = created;

  const take = () => {
    if (held) return;
    held = true;
    entry.holders.push(holder);
    if (!socket.active) socket.connect();
    else reconnectOnNewAccount(entry);
  };
  const release = () => {
    if (!held) return;
    held = false;
    for (const [emitter, event, fn] of added.splice(0)) emitter.off(event, fn);
    entry.holders.splice(entry.holders.indexOf(holder), 1);
    if (entry.holders.length === 0) socket.close();
    else reconnectOnNewAccount(entry);
  };

  const manager = socket.io as unknown as Emitter;
  const trackedManager: Emitter = new Proxy(manager, {
    get: (object, key) =>
      isListenerMethod(key)
        ? trackedMethod(object, key, added, () => trackedManager)
        : member(object, key),
  });
  const lease: S = new Proxy(socket as S, {
    get(object, key) {
      if (isListenerMethod(key)) {
        return trackedMethod(object as unknown as Emitter, key, added, () => lease);
      }
      switch (key) {
        case 'io':
          return trackedManager;
        case 'close':
        case 'disconnect':
          return () => {
            release();
            return lease;
          };
        case 'connect':
        case 'open':
          return () => {
            take();
            return lease;
          };
        case 'connected':
          return held && object.connected;
        case 'active':
          return held && object.active;
      }
      return member(object, key);
    },
  });
  take();
  return lease;
}
