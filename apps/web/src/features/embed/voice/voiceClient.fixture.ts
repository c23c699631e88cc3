// The voice client's tests' stand-ins: a fake socket answering as the server does, fake peer
// connections and streams (Node has no WebRTC), and the hooks that close every client made.
import type { AckResult, VoiceJoinAck } from '@atrium/protocol';
import { afterEach, beforeEach, vi } from 'vitest';
import { createFakeOpen, type FakeSocket } from '../../../shared/realtime/fakeSocket.ts';
import { createVoiceClient, type VoiceClient } from './voiceClient.ts';

const made: VoiceClient[] = [];

/** Stubs MediaStream for each test and closes the clients it made. */
export function installVoiceClientHooks(): void {
  beforeEach(() => {
    vi.stubGlobal('MediaStream', FakeStream);
  });
  afterEach(() => {
    for (const c of made.splice(0)) c.close();
    vi.unstubAllGlobals();
  });
}

/** A stand-in for the browser's MediaStream (Node has none). */
export class FakeStream {
  constructor(private readonly tracks: MediaStreamTrack[] = []) {}
  getAudioTracks = () => this.tracks;
  getTracks = () => this.tracks;
}

export const fakeTrack = (label: string) => {
  const stop = vi.fn();
  const track = { kind: 'audio', label, enabled: true, readyState: 'live', stop };
  return Object.assign(track as unknown as MediaStreamTrack, { stopped: stop });
};

/**
 * A peer connection that does what the client asks of one, and logs it. A remote offer's `sdp`
 * lists its lines as `mids:0,1;inactive:1`; answering sets their directions.
 */
export class FakePeer {
  readonly log: string[];
  readonly transceivers: {
    mid: string | null;
    direction: string;
    currentDirection: string | null;
    receiver: { track: MediaStreamTrack };
    sender: { track: MediaStreamTrack | null };
  }[] = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  onicecandidate: ((event: { candidate: RTCIceCandidate | null }) => void) | null = null;
  ontrack: (() => void) | null = null;
  closed = false;
  private inactive = new Set<string>();

  constructor(
    readonly config: RTCConfiguration,
    log: string[],
  ) {
    this.log = log;
  }

  addTransceiver(track: MediaStreamTrack, init: RTCRtpTransceiverInit) {
    this.log.push(`addTransceiver ${track.kind} ${init.direction}`);
    const t = {
      mid: '0',
      direction: init.direction ?? 'sendrecv',
      currentDirection: null,
      receiver: { track: fakeTrack('none') },
      sender: { track },
    };
    this.transceivers.push(t);
    return t;
  }
  async createOffer() {
    return { type: 'offer' as const, sdp: 'publisher-offer' };
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: `answer-to ${this.remoteDescription?.sdp}` };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    await Promise.resolve();
    this.log.push(`setLocal ${description.sdp}`);
    this.localDescription = description;
    if (description.type === 'answer') {
      for (const t of this.transceivers) {
        t.currentDirection = t.mid !== null && this.inactive.has(t.mid) ? 'inactive' : 'recvonly';
      }
    }
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    await Promise.resolve();
    this.log.push(`setRemote ${description.sdp}`);
    this.remoteDescription = description;
    const sdp = description.sdp ?? '';
    const list = (key: string) => (sdp.match(new RegExp(`${key}:([\\w,]*)`))?.[1] ?? '').split(',');
    if (description.type !== 'offer') return;
    this.inactive = new Set(list('inactive').filter(Boolean));
    let added = false;
    for (const mid of list('mids').filter(Boolean)) {
      if (this.transceivers.some((t) => t.mid === mid)) continue;
      this.transceivers.push({
        mid,
        direction: 'recvonly',
        currentDirection: null,
        receiver: { track: fakeTrack(`line ${mid}`) },
        sender: { track: null },
      });
      added = true;
    }
    if (added) this.ontrack?.();
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  getTransceivers() {
    return this.transceivers;
  }
  async getStats() {
    const entries = this.transceivers
      .filter((t) => t.direction === 'recvonly')
      .map((t, i) => ({
        type: 'inbound-rtp',
        kind: 'audio',
        mid: t.mid,
        bytesReceived: 1000 * (i + 1),
        packetsReceived: 10 * (i + 1),
      }));
    return { forEach: (fn: (entry: Record<string, unknown>) => void) => entries.forEach(fn) };
  }
  close() {
    this.closed = true;
  }
}

export type Responder = (payload: unknown) => unknown;

/**
 * The fake socket, connected, with the server's answers given per event (a function of the
 * payload, or a promise to hold the answer back); `sent` logs every emit.
 */
function voiceServer(answers: Record<string, Responder>) {
  const { open, sockets } = createFakeOpen();
  const socket = open('http://campus.test/', {});
  const fake = sockets[0] as FakeSocket;
  fake.fire('connect');
  (socket as unknown as { timeout: () => unknown }).timeout = () => ({
    emitWithAck: async (event: string, payload: unknown): Promise<AckResult<unknown>> => {
      fake.sent.push({ event, payload });
      const respond = answers[event];
      if (!respond) return { status: false, code: 'not_found', message: `no ${event}` } as never;
      return { status: true, data: await respond(payload) };
    },
  });
  return { socket, fake };
}

export const joinAck = (patch: Partial<VoiceJoinAck> = {}): VoiceJoinAck => ({
  mode: 'sfu',
  canSpeak: true,
  moderator: false,
  muted: false,
  iceServers: [{ urls: 'stun:stun.campus.test' }],
  ...patch,
});

export const baseAnswers = (join: VoiceJoinAck = joinAck()): Record<string, Responder> => ({
  'voice:join': () => join,
  'voice:publish': () => ({ sdp: { type: 'answer', sdp: 'publisher-answer' } }),
  'voice:mic': (p) => ({ on: (p as { on: boolean }).on }),
  'voice:megaphone': (p) => ({ on: (p as { on: boolean }).on }),
  'voice:answer': () => ({}),
  'voice:trickle': () => ({}),
  'voice:leave': () => ({}),
  'voice:mute': () => ({}),
});

export function setup(answers: Record<string, Responder> = baseAnswers()) {
  const { socket, fake } = voiceServer(answers);
  const log: string[] = [];
  const peers: FakePeer[] = [];
  const mic = fakeTrack('mic');
  const getUserMedia = vi.fn(async () => new FakeStream([mic]) as unknown as MediaStream);
  const onStreams = vi.fn<(streams: ReadonlyMap<string, MediaStream>) => void>();
  const onSpeaking = vi.fn<(id: string, speaking: boolean) => void>();
  const onBroadcasts = vi.fn<(ids: ReadonlySet<string>) => void>();
  const client = createVoiceClient({
    socket,
    getUserMedia,
    createPeer: (config) => {
      const peer = new FakePeer(config, log);
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
    onStreams,
    onSpeaking,
    onBroadcasts,
  });
  made.push(client);
  const events = () => fake.sent.map((s) => s.event);
  const payloadsOf = (event: string) =>
    fake.sent.filter((s) => s.event === event).map((s) => s.payload);
  return {
    client,
    fake,
    log,
    peers,
    mic,
    getUserMedia,
    onStreams,
    onSpeaking,
    onBroadcasts,
    events,
    payloadsOf,
  };
}

export const offer = (mids: string, streams: [string, string][], inactive = '') => ({
  sdp: { type: 'offer' as const, sdp: `mids:${mids};inactive:${inactive}` },
  streams: streams.map(([mid, id]) => ({ mid, id })),
});

/** Lets every queued job and pending answer run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
