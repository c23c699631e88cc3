// janode ships JavaScript with JSDoc only. These are the parts of its API that janus-client.ts
// uses, typed from janode 1.8's sources (src/janode.js, connection.js, session.js, handle.js,
// plugins/videoroom-plugin.js).

declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface JanusMessage {
    janus: string;
    transaction?: string;
    session_id?: number;
    sender?: number;
    plugindata?: { plugin: string; data: Record<string, unknown> };
    jsep?: { type: string; sdp: string };
    [key: string]: unknown;
  }

  export interface Handle extends EventEmitter {
    readonly id: number;
    message(body: Record<string, unknown>, jsep?: object): Promise<JanusMessage>;
    trickle(candidate?: object | object[] | null): Promise<void>;
    trickleComplete(): Promise<void>;
    hangup(): Promise<unknown>;
    detach(): Promise<void>;
    /** Plugin handles override this; a falsy return means "not handled". */
    handleMessage(message: JanusMessage): unknown;
  }

  export type HandleConstructor<H extends Handle = Handle> = new (
    session: Session,
    id: number,
  ) => H;

  export interface PluginDescriptor<H extends Handle = Handle> {
    id: string;
    Handle: HandleConstructor<H>;
    EVENT: Record<string, string>;
  }

  export interface Session extends EventEmitter {
    readonly id: number;
    attach<H extends Handle>(plugin: PluginDescriptor<H>): Promise<H>;
    destroy(): Promise<void>;
  }

  export interface Connection extends EventEmitter {
    readonly id: number;
    create(keepAliveSeconds?: number): Promise<Session>;
    getInfo(): Promise<JanusMessage>;
    close(): Promise<void>;
  }

  export interface ConnectOptions {
    address: { url: string; apisecret?: string } | { url: string; apisecret?: string }[];
    retry_time_secs?: number;
    max_retries?: number;
    is_admin?: boolean;
    ws_options?: { handshakeTimeout?: number };
  }

  const Janode: {
    connect(options: ConnectOptions): Promise<Connection>;
    Logger: { setLevel(level: 'none' | 'error' | 'warning' | 'info' | 'verbose' | 'debug'): void };
    EVENT: {
      CONNECTION_CLOSED: string;
      CONNECTION_ERROR: string;
      SESSION_DESTROYED: string;
      HANDLE_DETACHED: string;
      HANDLE_ICE_FAILED: string;
      HANDLE_HANGUP: string;
      HANDLE_MEDIA: string;
      HANDLE_WEBRTCUP: string;
      HANDLE_SLOWLINK: string;
      HANDLE_TRICKLE: string;
    };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { Handle, PluginDescriptor } from 'janode';

  export interface Jsep {
    type: string;
    sdp: string;
  }

  export interface PublisherEntry {
    feed: number;
    display?: string;
    talking?: boolean;
    streams?: Record<string, unknown>[];
  }

  export interface VideoRoomHandle extends Handle {
    /** This publisher's id once joined (janode sets it from Janus's `joined`). */
    feed: number | string | null;
    room: number | string | null;
    joinPublisher(params: {
      room: number;
      feed?: number;
      display?: string;
      token?: string;
    }): Promise<{
      room: number;
      feed: number;
      private_id: number;
      publishers: PublisherEntry[];
    }>;
    publish(params: {
      audio?: boolean;
      video?: boolean;
      data?: boolean;
      descriptions?: { mid: string; description: string }[];
      jsep: Jsep;
    }): Promise<{ feed?: number; streams?: Record<string, unknown>[]; jsep?: Jsep }>;
    configure(params: {
      streams?: { mid: string; send?: boolean; substream?: number }[];
      descriptions?: { mid: string; description: string }[];
      jsep?: Jsep;
      restart?: boolean;
    }): Promise<{ feed?: number; streams?: Record<string, unknown>[]; jsep?: Jsep }>;
    unpublish(): Promise<unknown>;
    joinSubscriber(params: {
      room: number;
      streams: { feed: number; mid?: string }[];
      private_id?: number;
      token?: string;
      use_msid?: boolean;
      autoupdate?: boolean;
    }): Promise<{ room: number; streams?: Record<string, unknown>[]; jsep?: Jsep }>;
    start(params: { jsep: Jsep }): Promise<unknown>;
    update(params: {
      subscribe?: { feed: number; mid?: string }[];
      unsubscribe?: { feed: number; mid?: string }[];
    }): Promise<{ streams?: Record<string, unknown>[]; jsep?: Jsep }>;
    leave(): Promise<unknown>;
    listParticipants(params: { room: number }): Promise<{
      room: number;
      participants: { feed: number; display?: string; publisher: boolean; talking?: boolean }[];
    }>;
    exists(params: { room: number }): Promise<{ room: number; exists: boolean }>;
    destroy(params: { room: number; secret?: string }): Promise<unknown>;
  }

  const VideoRoomPlugin: PluginDescriptor<VideoRoomHandle> & {
    Handle: new (...args: ConstructorParameters<PluginDescriptor['Handle']>) => VideoRoomHandle;
  };
  export default VideoRoomPlugin;
}
