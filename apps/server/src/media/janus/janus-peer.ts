// One person's side of a VideoRoom, driven by the server: the browser only ever sees SDP and ICE
// candidates, which the future classroom signalling relays through these objects.
import type { Handle, Session } from 'janode';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import { classifyFailure, JanusError } from './janus-errors.ts';
import type { JanodeModules, ModerationNotice } from './janode-loader.ts';
import { MODERATION_EVENT } from './janode-loader.ts';
import { TypedEmitter } from './typed-emitter.ts';

/** An SDP offer or answer, as RTCSessionDescriptionInit carries it. */
export interface Jsep {
  type: 'offer' | 'answer';
  sdp: string;
}

/** An ICE candidate from the browser (RTCIceCandidateInit), or the end of candidates. */
export type TrickleCandidate =
  | { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null }
  | { completed: true };

/** One stream a publisher sends, as Janus describes it. */
export interface PublishedStream {
  type: 'audio' | 'video' | 'data';
  mid: string;
  mindex: number;
  codec?: string;
  description?: string;
  disabled?: boolean;
  /** True while a moderator has muted this stream at the SFU. */
  moderated?: boolean;
}

/** A publisher in the room. */
export interface PublisherInfo {
  feed: number;
  display?: string;
  streams: PublishedStream[];
}

/** One stream of a subscription. */
export interface SubscribedStream {
  mid: string;
  type: 'audio' | 'video' | 'data';
  feed?: number;
  feedMid?: string;
  active?: boolean;
}

/** Events of every handle: the state of its WebRTC connection to Janus. */
export interface HandleEvents {
  webrtcup: { feed: number | null };
  hangup: { reason?: string };
  media: { type?: string; mid?: string; receiving?: boolean };
  /** A candidate Janus trickles (with half-trickle, its own are already in the SDP). */
  trickle: TrickleCandidate;
  iceFailed: Record<string, never>;
  /** The handle is gone (detached, its session destroyed, or Janus went away). */
  detached: Record<string, never>;
}

export interface PublisherEvents extends HandleEvents {
  /** Publishers that appeared or changed in the room. */
  publishers: { room: number; publishers: PublisherInfo[] };
  unpublished: { room: number; feed: number };
  left: { room: number; feed: number; reason?: string };
  kicked: { room: number; feed: number };
  moderation: ModerationNotice;
  talking: { room: number; feed: number; talking: boolean; audioLevel?: number };
  destroyed: { room: number };
}

export interface SubscriberEvents extends HandleEvents {
  /** The subscription changed; with `offer`, the browser must answer it through `start`. */
  updated: { streams: SubscribedStream[]; offer: Jsep | null };
  /** Janus now forwards simulcast layer `substream` (0 the smallest) on the line `mid`. */
  layer: { mid: string; substream: number };
}

abstract class PeerHandle<E extends HandleEvents> extends TypedEmitter<E> {
  constructor(
    protected readonly handle: VideoRoomHandle,
    protected readonly url: string,
    modules: JanodeModules,
  ) {
    super();
    const EVENT = modules.Janode.EVENT;
    this.forwardCore(EVENT.HANDLE_WEBRTCUP, 'webrtcup', () => ({ feed: this.feedId() }));
    this.forwardCore(EVENT.HANDLE_HANGUP, 'hangup', (d) => optional({ reason: str(d.reason) }));
    this.forwardCore(EVENT.HANDLE_MEDIA, 'media', (d) =>
      optional({ type: str(d.type), mid: str(d.mid), receiving: bool(d.receiving) }),
    );
    this.forwardCore(EVENT.HANDLE_TRICKLE, 'trickle', (d) =>
      d.completed
        ? { completed: true }
        : {
            candidate: String(d.candidate),
            sdpMid: str(d.sdpMid) ?? null,
            sdpMLineIndex: num(d.sdpMLineIndex) ?? null,
          },
    );
    this.forwardCore(EVENT.HANDLE_ICE_FAILED, 'iceFailed', () => ({}));
    this.forwardCore(EVENT.HANDLE_DETACHED, 'detached', () => ({}));
  }

  protected abstract feedId(): number | null;

  /** Sends the browser's ICE candidates (or the end of them) to Janus. */
  async trickle(candidates: TrickleCandidate | TrickleCandidate[]): Promise<void> {
    await this.call('trickle', () => this.handle.trickle(candidates));
  }

  /** Leaves the room (a publisher stops publishing and goes; a subscriber stops receiving). */
  async leave(): Promise<void> {
    await this.call('leave', () => this.handle.leave());
  }

  /** Detaches the handle from Janus; events stop. */
  async detach(): Promise<void> {
    await this.call('detach', () => this.handle.detach());
  }

  protected async call<T>(request: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw classifyFailure(this.url, request, err);
    }
  }

  private forwardCore<K extends keyof HandleEvents>(
    janodeEvent: string,
    event: K,
    shape: (data: Record<string, unknown>) => HandleEvents[K],
  ): void {
    // E extends HandleEvents, so E[K] is HandleEvents[K] for these keys.
    this.forward(janodeEvent, event, shape as (data: Record<string, unknown>) => E[K]);
  }

  /** Re-emits a janode event under our name, with its payload reshaped. */
  protected forward<K extends keyof E & string>(
    janodeEvent: string,
    event: K,
    shape: (data: Record<string, unknown>) => E[K],
  ): void {
    (this.handle as Handle).on(janodeEvent, (data: Record<string, unknown>) =>
      this.emit(event, shape(data ?? {})),
    );
  }
}

/** The publishing side of one person in one room. */
export class JanusPublisher extends PeerHandle<PublisherEvents> {
  constructor(handle: VideoRoomHandle, url: string, modules: JanodeModules) {
    super(handle, url, modules);
    const ev = modules.VideoRoom.EVENT;
    const room = (d: Record<string, unknown>) => Number(d.room);
    this.forward(ev.VIDEOROOM_PUB_LIST ?? '', 'publishers', (d) => ({
      room: room(d),
      publishers: toPublishers(d.publishers),
    }));
    this.forward(ev.VIDEOROOM_UNPUBLISHED ?? '', 'unpublished', (d) => ({
      room: room(d),
      feed: Number(d.feed),
    }));
    this.forward(ev.VIDEOROOM_LEAVING ?? '', 'left', (d) =>
      optional({ room: room(d), feed: Number(d.feed), reason: str(d.reason) }),
    );
    this.forward(ev.VIDEOROOM_KICKED ?? '', 'kicked', (d) => ({
      room: room(d),
      feed: Number(d.feed),
    }));
    this.forward(ev.VIDEOROOM_TALKING ?? '', 'talking', (d) =>
      optional({
        room: room(d),
        feed: Number(d.feed),
        talking: d.talking === true,
        audioLevel: num(d.audio_level),
      }),
    );
    this.forward(ev.VIDEOROOM_DESTROYED ?? '', 'destroyed', (d) => ({ room: room(d) }));
    this.forward(MODERATION_EVENT, 'moderation', (d) => d as unknown as ModerationNotice);
  }

  protected feedId(): number | null {
    return typeof this.handle.feed === 'number' ? this.handle.feed : null;
  }

  /** The participant id Janus gave this publisher, once joined. */
  get feed(): number | null {
    return this.feedId();
  }

  /**
   * Joins `room` as a publisher. Janus checks `token` against the room's `allowed` list and
   * refuses with {@link VIDEOROOM_ERROR}.UNAUTHORIZED when it is missing or not listed.
   */
  async join(params: { room: number; token: string; display?: string; feed?: number }): Promise<{
    room: number;
    feed: number;
    privateId: number;
    publishers: PublisherInfo[];
  }> {
    const joined = await this.call('join', () => this.handle.joinPublisher(optional(params)));
    return {
      room: Number(joined.room),
      feed: Number(joined.feed),
      privateId: Number(joined.private_id),
      publishers: toPublishers(joined.publishers),
    };
  }

  /** Publishes the browser's `offer`; resolves with Janus's answer and the streams it took. */
  async publish(params: {
    offer: Jsep;
    descriptions?: { mid: string; description: string }[];
  }): Promise<{ answer: Jsep; streams: PublishedStream[] }> {
    const { offer, descriptions } = params;
    const result = await this.call('publish', () =>
      this.handle.publish(optional({ jsep: offer, descriptions })),
    );
    return { answer: toJsep(result.jsep, 'publish'), streams: toStreams(result.streams) };
  }

  /**
   * Changes what this publisher sends: `streams` turns single streams on or off (a moderator's
   * mute still wins at the SFU), `offer` renegotiates (e.g. a screen in place of the camera).
   */
  async configure(params: {
    streams?: { mid: string; send: boolean }[];
    offer?: Jsep;
    descriptions?: { mid: string; description: string }[];
  }): Promise<{ answer: Jsep | null; streams: PublishedStream[] }> {
    const { streams, offer, descriptions } = params;
    const result = await this.call('configure', () =>
      this.handle.configure(optional({ streams, jsep: offer, descriptions })),
    );
    return {
      answer: result.jsep ? toJsep(result.jsep, 'configure') : null,
      streams: toStreams(result.streams),
    };
  }

  /** Stops publishing but stays in the room. */
  async unpublish(): Promise<void> {
    await this.call('unpublish', () => this.handle.unpublish());
  }
}

/** The receiving side: one subscription (several feeds) of one person. */
export class JanusSubscriber extends PeerHandle<SubscriberEvents> {
  constructor(handle: VideoRoomHandle, url: string, modules: JanodeModules) {
    super(handle, url, modules);
    this.forward(modules.VideoRoom.EVENT.VIDEOROOM_UPDATED ?? '', 'updated', (d) => ({
      streams: toSubscribed(d.streams),
      offer: d.jsep ? toJsep(d.jsep, 'update') : null,
    }));
    this.forward(modules.VideoRoom.EVENT.VIDEOROOM_SC_SUBSTREAM_LAYER ?? '', 'layer', (d) => ({
      mid: str(d.mid) ?? '',
      substream: Number(d.sc_substream_layer),
    }));
  }

  protected feedId(): number | null {
    return null;
  }

  /**
   * Subscribes to `streams` (a whole feed, or one `mid` of it); resolves with Janus's offer,
   * which the browser answers through {@link start}. Rooms made by {@link JanusClient.createRoom}
   * require `privateId`: the one Janus gave this person's publisher when it joined.
   */
  async subscribe(params: {
    room: number;
    streams: { feed: number; mid?: string }[];
    privateId?: number;
    token?: string;
  }): Promise<{ offer: Jsep; streams: SubscribedStream[] }> {
    const { room, streams, token, privateId } = params;
    const joined = await this.call('subscribe', () =>
      this.handle.joinSubscriber(
        optional({ room, streams, token, private_id: privateId, use_msid: true }),
      ),
    );
    return { offer: toJsep(joined.jsep, 'subscribe'), streams: toSubscribed(joined.streams) };
  }

  /** Completes the subscription with the browser's answer. */
  async start(answer: Jsep): Promise<void> {
    await this.call('start', () => this.handle.start({ jsep: answer }));
  }

  /**
   * Changes what Janus forwards on this subscription's m-lines without renegotiating: `send`
   * stops or resumes a line, `substream` picks a simulcast layer (0 is the smallest).
   */
  async configure(params: {
    streams: { mid: string; send?: boolean; substream?: number }[];
  }): Promise<void> {
    await this.call('configure', () => this.handle.configure({ streams: params.streams }));
  }

  /** Adds or removes feeds; resolves with a new offer to answer through {@link start}. */
  async update(params: {
    subscribe?: { feed: number; mid?: string }[];
    unsubscribe?: { feed: number; mid?: string }[];
  }): Promise<{ offer: Jsep | null; streams: SubscribedStream[] }> {
    const result = await this.call('update', () => this.handle.update(params));
    return {
      offer: result.jsep ? toJsep(result.jsep, 'update') : null,
      streams: toSubscribed(result.streams),
    };
  }
}

/**
 * One person's Janus session. Closing it destroys the session in Janus, which detaches its
 * handles: the person leaves every room, and the others get `unpublished`/`left`.
 */
export class JanusPeer extends TypedEmitter<{ closed: { reason: string } }> {
  #closing = false;
  #closed = false;

  constructor(
    private readonly session: Session,
    private readonly modules: JanodeModules,
    private readonly url: string,
  ) {
    super();
    session.once(modules.Janode.EVENT.SESSION_DESTROYED, () => {
      this.#closed = true;
      this.emit('closed', {
        reason: this.#closing ? 'closed' : 'the Janus session ended (Janus went away or timed out)',
      });
    });
  }

  /** False once the session is gone. */
  get open(): boolean {
    return !this.#closed;
  }

  /** A new publisher handle in this session. */
  async publisher(): Promise<JanusPublisher> {
    const handle = await this.attach();
    return new JanusPublisher(handle, this.url, this.modules);
  }

  /** A new subscriber handle in this session. */
  async subscriber(): Promise<JanusSubscriber> {
    const handle = await this.attach();
    return new JanusSubscriber(handle, this.url, this.modules);
  }

  /** Destroys the session in Janus (idempotent). */
  async close(): Promise<void> {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    try {
      await this.session.destroy();
    } catch {
      // Already gone with its connection: nothing is left in Janus either.
    }
  }

  private async attach(): Promise<VideoRoomHandle> {
    try {
      return await this.session.attach(this.modules.VideoRoom);
    } catch (err) {
      throw classifyFailure(this.url, 'attach', err);
    }
  }
}

function toJsep(value: unknown, request: string): Jsep {
  const jsep = value as { type?: unknown; sdp?: unknown } | undefined;
  if ((jsep?.type === 'offer' || jsep?.type === 'answer') && typeof jsep.sdp === 'string') {
    return { type: jsep.type, sdp: jsep.sdp };
  }
  throw new JanusError(request, null, 'Janus sent no SDP in its answer');
}

function toStreams(value: unknown): PublishedStream[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw: Record<string, unknown>) =>
    optional({
      type: raw.type as PublishedStream['type'],
      mid: String(raw.mid),
      mindex: Number(raw.mindex),
      codec: str(raw.codec),
      description: str(raw.description),
      disabled: raw.disabled === true ? true : undefined,
      moderated: raw.moderated === true ? true : undefined,
    }),
  );
}

function toPublishers(value: unknown): PublisherInfo[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw: Record<string, unknown>) =>
    optional({
      feed: Number(raw.feed),
      display: str(raw.display),
      streams: toStreams(raw.streams),
    }),
  );
}

function toSubscribed(value: unknown): SubscribedStream[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw: Record<string, unknown>) =>
    optional({
      mid: String(raw.mid),
      type: raw.type as SubscribedStream['type'],
      feed: num(raw.feed_id),
      feedMid: str(raw.feed_mid),
      active: bool(raw.active),
    }),
  );
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function bool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** Drops undefined properties, so janode sees only what was given. */
function optional<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
