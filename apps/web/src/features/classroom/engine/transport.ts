// What the classroom client needs from a media path: Janus (sfu.ts) or the browser mesh (mesh.ts).
import type { PUBLISH_LINES } from '@atrium/protocol';
import type { AppSocket } from '../../../shared/realtime/socketClient.ts';
import type { InboundLine } from '../../../shared/realtime/rtc.ts';
import type { LocalTracks } from './localMedia.ts';

/** What arrives from one other participant, read from the connection's statistics. */
export interface InboundStats {
  audioPackets: number;
  audioLevel: number;
  videoFrames: number;
  videoPackets: number;
  /** Bytes of video received, and the widest frame now decoded (the simulcast layer's size). */
  videoBytes: number;
  videoWidth: number;
}

export interface MediaTransport {
  /** Starts sending the person's tracks (either may be null). */
  publish(tracks: LocalTracks): Promise<void>;
  /** Sends `track` on one of the person's lines (device switch, camera off, screen share). */
  replaceTrack(line: PublishLine, track: MediaStreamTrack | null): Promise<void>;
  /** Someone is in the room (and, for Janus, publishing): start receiving them. */
  connect(id: number): void;
  /** Someone left: stop receiving them. */
  disconnect(id: number): void;
  /** Inbound statistics per participant id. */
  inbound(): Promise<Map<number, InboundStats>>;
  /** The level (0–1) of the person's own microphone as sent. */
  ownLevel(): Promise<number>;
  close(): void;
}

/** The person's outgoing lines, each its own m-line: microphone, camera, screen share. */
export type PublishLine = (typeof PUBLISH_LINES)[number];

export interface TransportOptions {
  socket: AppSocket;
  /** The person's participant id in this room. */
  self: number;
  iceServers: RTCIceServer[];
  /** A participant's remote media changed: the stream to show (same object while it lives). */
  onStream: (id: number, stream: MediaStream) => void;
  /** A participant's screen share arrived (its own stream) or went (null). */
  onScreen: (id: number, stream: MediaStream | null) => void;
  /** Something failed that the person should hear of. */
  onError: (message: string) => void;
}

export const emptyInbound = (): InboundStats => ({
  audioPackets: 0,
  audioLevel: 0,
  videoFrames: 0,
  videoPackets: 0,
  videoBytes: 0,
  videoWidth: 0,
});

/** Adds one m-line's counters to a participant's totals. */
export function addInbound(into: InboundStats, line: InboundLine): void {
  if (line.kind === 'audio') {
    into.audioPackets += line.packets;
    into.audioLevel = Math.max(into.audioLevel, line.level);
  } else if (line.kind === 'video') {
    into.videoPackets += line.packets;
    into.videoFrames += line.frames;
    into.videoBytes += line.bytes;
    into.videoWidth = Math.max(into.videoWidth, line.width);
  }
}
