// The server's own client of Janus's VideoRoom, over janode. Only the server holds the Janus API
// secret and the VideoRoom admin key; browsers reach Janus through the classroom signalling.
// No room policy here: who may join, mute or share is the classroom feature's business.
import type { Connection, Session } from 'janode';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import {
  classifyFailure,
  JanusError,
  JanusUnavailableError,
  VIDEOROOM_ERROR,
} from './janus-errors.ts';
import type { JanodeModules } from './janode-loader.ts';
import { loadJanode } from './janode-loader.ts';
import { JanusPeer } from './janus-peer.ts';
import { TypedEmitter } from './typed-emitter.ts';

export interface JanusClientOptions {
  /** WebSocket URL of the Janus API, e.g. ws://127.0.0.1:8188. */
  url: string;
  /** Janus's `api_secret`, when it has one. */
  apiSecret?: string | undefined;
  /** VideoRoom's `admin_key`, when it has one (needed to create rooms then). */
  adminKey?: string | undefined;
  /** Give up the first connection after this long. */
  connectTimeoutMs?: number;
  /** Reconnect after Janus went away: first delay, doubling up to `maxDelayMs`; false: never. */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number } | false;
  /**
   * When Janus cannot be reached at first, resolve with a disconnected client that keeps trying
   * (and emits `reconnected`) instead of throwing. A refusal (wrong secret) still throws.
   */
  retryFirstConnection?: boolean;
}

export interface JanusClientEvents {
  /** The connection dropped; every room and peer in Janus is gone with it. */
  disconnected: { error: JanusUnavailableError };
  /** Connected again, to a Janus that has no rooms: their owners must create them anew. */
  reconnected: Record<string, never>;
}

/** A participant as `listparticipants` reports it. */
export interface RoomParticipant {
  feed: number;
  display?: string;
  /** True once the participant's WebRTC connection is up and publishing. */
  publisher: boolean;
  talking?: boolean;
}

export interface CreateRoomOptions {
  /** Room id; Janus picks one when omitted. */
  room?: number;
  /** Needed later to change, moderate or destroy the room. */
  secret: string;
  /**
   * Tokens that may join as publishers; Janus refuses any other, and a join without one (an
   * empty list admits no one). Subscribers need a joined publisher's private id instead.
   */
  allowed: string[];
  description?: string;
  /** Most publishers at once. */
  publishers?: number;
  /** Bitrate cap per publisher, in bits per second. */
  bitrate?: number;
  /** Emit `talking` events, with VideoRoom's audio-level average threshold (0–127). */
  talkingEvents?: { levelAverage?: number; activePackets?: number };
}

const KEEPALIVE_SECONDS = 15;

/** A connection to one Janus, with the VideoRoom admin requests and one session per peer. */
export class JanusClient extends TypedEmitter<JanusClientEvents> {
  #connection: Connection | null = null;
  #admin: { session: Session; handle: VideoRoomHandle } | null = null;
  #state: 'connected' | 'disconnected' | 'closed' = 'disconnected';
  #lastError = 'not connected yet';
  #reconnectTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly options: JanusClientOptions,
    private readonly modules: JanodeModules,
  ) {
    super();
  }

  /** Connects to Janus and checks the API secret; throws {@link JanusUnavailableError} or JanusError. */
  static async connect(options: JanusClientOptions): Promise<JanusClient> {
    let modules: JanodeModules;
    try {
      modules = await loadJanode();
    } catch (err) {
      throw new JanusUnavailableError(options.url, (err as Error).message, { cause: err });
    }
    const client = new JanusClient(options, modules);
    try {
      await client.open();
    } catch (err) {
      const delays = client.reconnectDelays();
      const retry = options.retryFirstConnection && delays;
      if (!retry || !(err instanceof JanusUnavailableError)) throw err;
      client.#lastError = err.reason;
      client.scheduleReconnect(delays.initial);
    }
    return client;
  }

  get url(): string {
    return this.options.url;
  }

  /** True while the connection is up. */
  get connected(): boolean {
    return this.#state === 'connected';
  }

  /** Creates a (non-permanent, private) room; resolves with its id. */
  async createRoom(options: CreateRoomOptions): Promise<number> {
    const data = await this.request('create', {
      room: options.room,
      secret: options.secret,
      allowed: options.allowed,
      admin_key: this.options.adminKey,
      description: options.description,
      publishers: options.publishers,
      bitrate: options.bitrate,
      // A publisher cannot raise its own cap (a `configure` with a higher bitrate is ignored).
      bitrate_cap: options.bitrate !== undefined ? true : undefined,
      is_private: true,
      permanent: false,
      // VideoRoom 1.1.2 checks `allowed` tokens of publishers only; a subscriber must then show
      // the private id of a publisher who got in.
      require_pvtid: true,
      audiolevel_event: options.talkingEvents ? true : undefined,
      audio_level_average: options.talkingEvents?.levelAverage,
      audio_active_packets: options.talkingEvents?.activePackets,
    });
    return Number(data.room);
  }

  /**
   * The room `options.room`, created when it is not there yet. Another process may create it
   * between the check and the create: its "room exists" is as good as ours.
   */
  async ensureRoom(options: CreateRoomOptions & { room: number }): Promise<number> {
    if (await this.roomExists(options.room)) return options.room;
    try {
      await this.createRoom(options);
    } catch (err) {
      if (!(err instanceof JanusError && err.code === VIDEOROOM_ERROR.ROOM_EXISTS)) throw err;
    }
    return options.room;
  }

  /** Adds tokens to the room's `allowed` list; resolves with the whole list. */
  async allowTokens(room: number, secret: string, tokens: string[]): Promise<string[]> {
    return this.editAllowed(room, secret, 'add', tokens);
  }

  /** Removes tokens from the room's `allowed` list (people already in stay: kick them). */
  async disallowTokens(room: number, secret: string, tokens: string[]): Promise<string[]> {
    return this.editAllowed(room, secret, 'remove', tokens);
  }

  /**
   * Mutes or unmutes one stream (`mid`) of a publisher at the SFU. A muted stream is not
   * relayed whatever the publisher's own `configure` asks; unmuting only lifts the block.
   */
  async moderate(params: {
    room: number;
    secret: string;
    feed: number;
    mid: string;
    mute: boolean;
  }): Promise<void> {
    const { room, secret, feed, mid, mute } = params;
    await this.request('moderate', { room, secret, id: feed, mid, mute });
  }

  /** Removes a participant from the room. */
  async kick(params: { room: number; secret: string; feed: number }): Promise<void> {
    const { room, secret, feed } = params;
    await this.request('kick', { room, secret, id: feed });
  }

  /** Everyone in the room, publishing or not. */
  async listParticipants(room: number): Promise<RoomParticipant[]> {
    const data = await this.request('listparticipants', { room });
    const list = Array.isArray(data.participants) ? data.participants : [];
    return list.map((raw: Record<string, unknown>) => {
      const p: RoomParticipant = { feed: Number(raw.id), publisher: raw.publisher === true };
      if (typeof raw.display === 'string') p.display = raw.display;
      if (typeof raw.talking === 'boolean') p.talking = raw.talking;
      return p;
    });
  }

  /** The room's limits as Janus holds them (private rooms show with the admin key); null if none. */
  async roomLimits(
    room: number,
  ): Promise<{ publishers: number; bitrate: number; bitrateCap: boolean } | null> {
    const data = await this.request('list', { admin_key: this.options.adminKey });
    const rooms = Array.isArray(data.list) ? (data.list as Record<string, unknown>[]) : [];
    const found = rooms.find((r) => Number(r.room) === room);
    if (!found) return null;
    return {
      publishers: Number(found.max_publishers),
      bitrate: Number(found.bitrate),
      bitrateCap: found.bitrate_cap === true,
    };
  }

  /** Whether the room exists. */
  async roomExists(room: number): Promise<boolean> {
    const data = await this.request('exists', { room });
    return data.exists === true;
  }

  /** Destroys the room; its participants get `destroyed` and are out. */
  async destroyRoom(room: number, secret: string): Promise<void> {
    await this.request('destroy', { room, secret, permanent: false });
  }

  /** A new Janus session for one person, from which they publish and subscribe. */
  async openPeer(): Promise<JanusPeer> {
    const connection = this.requireConnection('openPeer');
    try {
      const session = await connection.create(KEEPALIVE_SECONDS);
      return new JanusPeer(session, this.modules, this.url);
    } catch (err) {
      throw classifyFailure(this.url, 'openPeer', err);
    }
  }

  /** Closes the connection for good; Janus then drops every session of this client. */
  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    const connection = this.#connection;
    this.#connection = null;
    this.#admin = null;
    this.removeAllListeners();
    await connection?.close().catch(() => undefined);
  }

  private async open(): Promise<void> {
    const { connection, admin } = await this.dial();
    if (this.#state === 'closed') {
      await connection.close().catch(() => undefined);
      return;
    }
    this.#connection = connection;
    this.#admin = admin;
    this.#state = 'connected';
    connection.once(this.modules.Janode.EVENT.CONNECTION_ERROR, (err: unknown) => this.lost(err));
  }

  private async dial() {
    const { Janode } = this.modules;
    const timeoutMs = this.options.connectTimeoutMs ?? 5_000;
    let connection: Connection;
    try {
      connection = await withTimeout(
        Janode.connect({
          address: { url: this.url, apisecret: this.options.apiSecret },
          max_retries: 0,
          retry_time_secs: 1,
          ws_options: { handshakeTimeout: timeoutMs },
        }),
        timeoutMs,
        'the connection timed out',
      );
    } catch (err) {
      throw new JanusUnavailableError(this.url, describe(err), { cause: err });
    }
    try {
      // Creating a session is the first request that needs the API secret.
      const admin = await withTimeout(
        this.attachAdmin(connection),
        timeoutMs,
        'Janus did not answer',
      );
      return { connection, admin };
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw classifyFailure(this.url, 'create session', err);
    }
  }

  private async attachAdmin(connection: Connection) {
    const session = await connection.create(KEEPALIVE_SECONDS);
    const handle = await session.attach(this.modules.VideoRoom);
    // A session can end on its own (Janus's session timeout): make a new one on next use.
    session.once(this.modules.Janode.EVENT.SESSION_DESTROYED, () => {
      if (this.#admin?.session === session) this.#admin = null;
    });
    return { session, handle };
  }

  private lost(err: unknown): void {
    if (this.#state !== 'connected') return;
    this.#state = 'disconnected';
    this.#connection = null;
    this.#admin = null;
    this.#lastError = `the connection was lost (${describe(err)})`;
    this.emit('disconnected', { error: new JanusUnavailableError(this.url, this.#lastError) });
    const delays = this.reconnectDelays();
    if (delays) this.scheduleReconnect(delays.initial);
  }

  private reconnectDelays(): { initial: number; max: number } | null {
    const { reconnect } = this.options;
    if (reconnect === false) return null;
    return { initial: reconnect?.initialDelayMs ?? 1_000, max: reconnect?.maxDelayMs ?? 30_000 };
  }

  private scheduleReconnect(delayMs: number): void {
    const max = this.reconnectDelays()?.max ?? 30_000;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      this.open().then(
        () => {
          if (this.#state === 'connected') this.emit('reconnected', {});
        },
        (err: unknown) => {
          if (this.#state === 'closed') return;
          this.#lastError = `reconnecting failed (${describe(err)})`;
          this.scheduleReconnect(Math.min(delayMs * 2, max));
        },
      );
    }, delayMs);
    this.#reconnectTimer.unref();
  }

  private requireConnection(request: string): Connection {
    if (this.#state === 'closed') throw new JanusUnavailableError(this.url, 'the client is closed');
    if (!this.#connection) {
      throw new JanusUnavailableError(this.url, `${request}: ${this.#lastError}`);
    }
    return this.#connection;
  }

  /** Sends one VideoRoom request on the admin handle; resolves with the plugin's data. */
  private async request(
    request: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const connection = this.requireConnection(request);
    try {
      this.#admin ??= await this.attachAdmin(connection);
      const defined = Object.entries(body).filter(([, v]) => v !== undefined);
      const response = await this.#admin.handle.message({
        request,
        ...Object.fromEntries(defined),
      });
      return response.plugindata?.data ?? {};
    } catch (err) {
      throw classifyFailure(this.url, request, err);
    }
  }

  private async editAllowed(
    room: number,
    secret: string,
    action: 'add' | 'remove',
    tokens: string[],
  ): Promise<string[]> {
    const data = await this.request('allowed', { room, secret, action, allowed: tokens });
    return Array.isArray(data.allowed) ? data.allowed.map(String) : [];
  }
}

/** A readable reason; ws rejects with an ErrorEvent, which is no Error but has a message. */
function describe(err: unknown): string {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : String(err);
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
