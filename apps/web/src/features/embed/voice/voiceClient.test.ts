import type { AckResult, VoiceJoinAck } from '@atrium/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeOpen, type FakeSocket } from '../../../shared/realtime/fakeSocket.ts';
import { createVoiceClient, type VoiceClient } from './voiceClient.ts';

/** A stand-in for the browser's MediaStream (Node has none). */
class FakeStream {
  constructor(private readonly tracks: MediaStreamTrack[] = []) {}
  getAudioTracks = () => this.tracks;
  getTracks = () => this.tracks;
}

const fakeTrack = (label: string) => {
  const stop = vi.fn();
  const track = { kind: 'audio', label, enabled: true, readyState: 'live', stop };
  return Object.assign(track as unknown as MediaStreamTrack, { stopped: stop });
};

/**
 * A peer connection that does what the client asks of one, and logs it. A remote offer's `sdp`
 * lists its lines as `mids:0,1;inactive:1`; answering sets their directions.
 */
class FakePeer {
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

type Responder = (payload: unknown) => unknown;

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

const joinAck = (patch: Partial<VoiceJoinAck> = {}): VoiceJoinAck => ({
  mode: 'sfu',
  canSpeak: true,
  moderator: false,
  muted: false,
  iceServers: [{ urls: 'stun:stun.campus.test' }],
  ...patch,
});

const baseAnswers = (join: VoiceJoinAck = joinAck()): Record<string, Responder> => ({
  'voice:join': () => join,
  'voice:publish': () => ({ sdp: { type: 'answer', sdp: 'publisher-answer' } }),
  'voice:mic': (p) => ({ on: (p as { on: boolean }).on }),
  'voice:megaphone': (p) => ({ on: (p as { on: boolean }).on }),
  'voice:answer': () => ({}),
  'voice:trickle': () => ({}),
  'voice:leave': () => ({}),
  'voice:mute': () => ({}),
});

function setup(answers: Record<string, Responder> = baseAnswers()) {
  const { socket, fake } = voiceServer(answers);
  const log: string[] = [];
  const peers: FakePeer[] = [];
  const mic = fakeTrack('mic');
  const getUserMedia = vi.fn(async () => new FakeStream([mic]) as unknown as MediaStream);
  const onStreams = vi.fn<(streams: ReadonlyMap<string, MediaStream>) => void>();
  const onSpeaking = vi.fn<(id: string, speaking: boolean) => void>();
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
  });
  const events = () => fake.sent.map((s) => s.event);
  const payloadsOf = (event: string) =>
    fake.sent.filter((s) => s.event === event).map((s) => s.payload);
  return { client, fake, log, peers, mic, getUserMedia, onStreams, onSpeaking, events, payloadsOf };
}

const offer = (mids: string, streams: [string, string][], inactive = '') => ({
  sdp: { type: 'offer' as const, sdp: `mids:${mids};inactive:${inactive}` },
  streams: streams.map(([mid, id]) => ({ mid, id })),
});

/** Lets every queued job and pending answer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let client: VoiceClient | null = null;
beforeEach(() => {
  vi.stubGlobal('MediaStream', FakeStream);
});
afterEach(() => {
  client?.close();
  client = null;
  vi.unstubAllGlobals();
});

describe('joining the voice', () => {
  it('joins with voice:join and takes the answer: mode, speaking rights, moderation', async () => {
    const t = setup(baseAnswers(joinAck({ moderator: true })));
    client = t.client;
    await t.client.join();
    expect(t.events()).toEqual(['voice:join']);
    expect(t.client.store.get()).toMatchObject({
      mode: 'sfu',
      canSpeak: true,
      moderator: true,
      muted: false,
      micOn: false,
      streams: [],
    });
    // The microphone starts off: nothing asked of the browser, nothing published.
    expect(t.getUserMedia).not.toHaveBeenCalled();
    expect(t.peers).toHaveLength(0);
  });

  it('without a media server says voice is unavailable, and the microphone stays off', async () => {
    const t = setup(baseAnswers(joinAck({ mode: 'off' })));
    client = t.client;
    await t.client.join();
    expect(t.client.store.get()).toMatchObject({ mode: 'off', notice: { kind: 'unavailable' } });
    await t.client.setMic(true);
    expect(t.getUserMedia).not.toHaveBeenCalled();
    expect(t.events()).toEqual(['voice:join']);
  });

  it('a guest listens only: turning the microphone on explains why not, and publishes nothing', async () => {
    const t = setup(baseAnswers(joinAck({ canSpeak: false })));
    client = t.client;
    await t.client.join();
    expect(t.client.store.get().notice?.kind).toBe('guest');
    const before = t.client.store.get().notice?.seq ?? 0;
    await t.client.setMic(true);
    expect(t.getUserMedia).not.toHaveBeenCalled();
    expect(t.events()).toEqual(['voice:join']);
    expect(t.client.store.get()).toMatchObject({ micOn: false, notice: { kind: 'guest' } });
    expect(t.client.store.get().notice?.seq).toBeGreaterThan(before);
  });

  it('a join that fails leaves the voice off with "could not connect"', async () => {
    const t = setup({});
    client = t.client;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await t.client.join();
    expect(t.client.store.get()).toMatchObject({ mode: 'off', notice: { kind: 'mediaFailed' } });
  });
});

describe('the microphone', () => {
  it('opens the microphone on the first switch-on only, publishes one sendonly audio line, then switches', async () => {
    const t = setup();
    client = t.client;
    await t.client.join();
    await t.client.setMic(true);
    expect(t.getUserMedia).toHaveBeenCalledTimes(1);
    expect(t.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(t.peers).toHaveLength(1);
    const publisher = t.peers[0] as FakePeer;
    expect(publisher.config).toEqual({ iceServers: [{ urls: 'stun:stun.campus.test' }] });
    expect(publisher.transceivers.map((x) => [x.direction, x.sender.track?.kind])).toEqual([
      ['sendonly', 'audio'],
    ]);
    expect(t.payloadsOf('voice:publish')).toEqual([
      { sdp: { type: 'offer', sdp: 'publisher-offer' } },
    ]);
    expect(publisher.remoteDescription).toEqual({ type: 'answer', sdp: 'publisher-answer' });
    expect(t.payloadsOf('voice:mic')).toEqual([{ on: true }]);
    expect(t.mic.enabled).toBe(true);
    expect(t.client.store.get()).toMatchObject({ micOn: true, busy: false });
    expect(t.client.store.get().notice?.kind).toBe('headphones');

    await t.client.setMic(false);
    expect(t.mic.enabled).toBe(false);
    expect(t.client.store.get().micOn).toBe(false);
    expect(t.payloadsOf('voice:mic')).toEqual([{ on: true }, { on: false }]);

    const hint = t.client.store.get().notice;
    await t.client.setMic(true);
    // Same microphone and connection; the headphones hint was for the first time only.
    expect(t.getUserMedia).toHaveBeenCalledTimes(1);
    expect(t.peers).toHaveLength(1);
    expect(t.payloadsOf('voice:publish')).toHaveLength(1);
    expect(t.mic.enabled).toBe(true);
    expect(t.client.store.get().notice).toBe(hint);
  });

  it('says the browser refused the microphone, and publishes nothing', async () => {
    const t = setup();
    client = t.client;
    t.getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await t.client.join();
    await t.client.setMic(true);
    expect(t.client.store.get()).toMatchObject({ micOn: false, notice: { kind: 'micBlocked' } });
    expect(t.events()).toEqual(['voice:join']);
    // Trying again asks again, and the refusal's message goes.
    await t.client.setMic(true);
    expect(t.getUserMedia).toHaveBeenCalledTimes(2);
    expect(t.client.store.get()).toMatchObject({ micOn: true, notice: { kind: 'headphones' } });
  });

  it('a refused publication is tried afresh at the next switch-on', async () => {
    let refuse = true;
    const t = setup({
      ...baseAnswers(),
      'voice:publish': () => {
        if (refuse) throw new Error('Janus said no');
        return { sdp: { type: 'answer', sdp: 'publisher-answer' } };
      },
    });
    client = t.client;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await t.client.join();
    await t.client.setMic(true);
    expect(t.client.store.get()).toMatchObject({ micOn: false, notice: { kind: 'mediaFailed' } });
    expect(t.mic.enabled).toBe(false);
    expect(t.peers[0]?.closed).toBe(true);
    refuse = false;
    await t.client.setMic(true);
    expect(t.peers).toHaveLength(2);
    expect(t.client.store.get()).toMatchObject({ micOn: true });
    expect(t.client.store.get().notice?.kind).not.toBe('mediaFailed');
  });

  it('sends its ICE candidates only once the server has the offer they belong to', async () => {
    let answerPublish: (value: unknown) => void = () => {};
    const t = setup({
      ...baseAnswers(),
      'voice:publish': () =>
        new Promise((resolve) => {
          answerPublish = resolve;
        }),
    });
    client = t.client;
    await t.client.join();
    const switching = t.client.setMic(true);
    await vi.waitFor(() => expect(t.events()).toContain('voice:publish'));
    const publisher = t.peers[0] as FakePeer;
    const candidate = {
      candidate: 'candidate:1 1 udp 1 192.0.2.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    } as RTCIceCandidate;
    publisher.onicecandidate?.({ candidate });
    publisher.onicecandidate?.({ candidate: null });
    expect(t.events()).not.toContain('voice:trickle');
    answerPublish({ sdp: { type: 'answer', sdp: 'publisher-answer' } });
    await switching;
    expect(t.payloadsOf('voice:trickle')).toEqual([
      {
        target: 'publisher',
        candidate: { candidate: candidate.candidate, sdpMid: '0', sdpMLineIndex: 0 },
      },
      { target: 'publisher', candidate: { completed: true } },
    ]);
  });

  it('a teacher’s mute turns the microphone off and keeps it off until lifted', async () => {
    const t = setup();
    client = t.client;
    await t.client.join();
    await t.client.setMic(true);
    t.fake.fire('voice:muted', { muted: true });
    expect(t.mic.enabled).toBe(false);
    expect(t.client.store.get()).toMatchObject({ muted: true, micOn: false });
    await settle();
    expect(t.payloadsOf('voice:mic')).toEqual([{ on: true }, { on: false }]);
    await t.client.setMic(true);
    expect(t.payloadsOf('voice:mic')).toHaveLength(2);
    expect(t.mic.enabled).toBe(false);

    t.fake.fire('voice:muted', { muted: false });
    expect(t.client.store.get()).toMatchObject({ muted: false, micOn: false });
    expect(t.client.store.get().notice?.kind).toBe('unmuted');
    await t.client.setMic(true);
    expect(t.client.store.get().micOn).toBe(true);
  });

  it('the megaphone is a moderator’s switch only', async () => {
    const member = setup();
    client = member.client;
    await member.client.join();
    await member.client.setMegaphone(true);
    expect(member.events()).toEqual(['voice:join']);
    member.client.close();

    const teacher = setup(baseAnswers(joinAck({ moderator: true })));
    client = teacher.client;
    await teacher.client.join();
    await teacher.client.setMegaphone(true);
    expect(teacher.payloadsOf('voice:megaphone')).toEqual([{ on: true }]);
    expect(teacher.client.store.get().megaphone).toBe(true);
  });
});

describe('receiving voices', () => {
  it('answers each offer on one receiving connection and plays one stream per avatar', async () => {
    const t = setup();
    client = t.client;
    await t.client.join();
    t.fake.fire(
      'voice:offer',
      offer('0,1', [
        ['0', 'ann'],
        ['1', 'bob'],
      ]),
    );
    await vi.waitFor(() => expect(t.events()).toContain('voice:answer'));
    await settle();
    expect(t.peers).toHaveLength(1);
    expect(t.payloadsOf('voice:answer')).toEqual([
      { sdp: { type: 'answer', sdp: 'answer-to mids:0,1;inactive:' } },
    ]);
    expect(t.client.store.get().streams).toEqual(['ann', 'bob']);
    const first = t.onStreams.mock.lastCall?.[0];
    expect([...(first?.keys() ?? [])]).toEqual(['ann', 'bob']);

    // Bob walked away: his line goes inactive; Ann's stream is the same object.
    t.fake.fire('voice:offer', offer('0,1', [['0', 'ann']], '1'));
    await vi.waitFor(() => expect(t.payloadsOf('voice:answer')).toHaveLength(2));
    await settle();
    expect(t.peers).toHaveLength(1);
    expect(t.client.store.get().streams).toEqual(['ann']);
    expect(t.onStreams.mock.lastCall?.[0].get('ann')).toBe(first?.get('ann'));

    // A line the offer still names but no longer sends on plays nothing.
    t.fake.fire(
      'voice:offer',
      offer(
        '0,1',
        [
          ['0', 'ann'],
          ['1', 'bob'],
        ],
        '1',
      ),
    );
    await vi.waitFor(() => expect(t.payloadsOf('voice:answer')).toHaveLength(3));
    await settle();
    expect(t.client.store.get().streams).toEqual(['ann']);

    expect(await t.client.inbound()).toEqual({
      ann: { bytes: 1000, packets: 10 },
    });
  });

  it('handles offers one after another, never two at once', async () => {
    const t = setup();
    client = t.client;
    await t.client.join();
    t.fake.fire('voice:offer', offer('0', [['0', 'ann']]));
    t.fake.fire(
      'voice:offer',
      offer('0,1', [
        ['0', 'ann'],
        ['1', 'bob'],
      ]),
    );
    await vi.waitFor(() => expect(t.payloadsOf('voice:answer')).toHaveLength(2));
    expect(t.log).toEqual([
      'setRemote mids:0;inactive:',
      'setLocal answer-to mids:0;inactive:',
      'setRemote mids:0,1;inactive:',
      'setLocal answer-to mids:0,1;inactive:',
    ]);
  });

  it('keeps the server’s candidates until the connection has its offer', async () => {
    const t = setup();
    client = t.client;
    await t.client.join();
    const candidate = {
      candidate: 'candidate:2 1 udp 1 192.0.2.9 6000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    t.fake.fire('voice:trickle', { target: 'subscriber', candidate });
    t.fake.fire('voice:offer', offer('0', [['0', 'ann']]));
    await vi.waitFor(() => expect(t.events()).toContain('voice:answer'));
    expect((t.peers[0] as FakePeer).candidates).toEqual([candidate]);
    t.fake.fire('voice:trickle', {
      target: 'subscriber',
      candidate: { ...candidate, sdpMid: '1' },
    });
    expect((t.peers[0] as FakePeer).candidates).toHaveLength(2);
  });

  it('passes who is talking on, and takes the rings down when the voice starts again', async () => {
    const t = setup();
    client = t.client;
    await t.client.join();
    t.fake.fire('voice:speaking', { id: 'ann', speaking: true });
    t.fake.fire('voice:speaking', { id: 'me', speaking: true });
    t.fake.fire('voice:speaking', { id: 'me', speaking: false });
    expect(t.onSpeaking.mock.calls).toEqual([
      ['ann', true],
      ['me', true],
      ['me', false],
    ]);
    await t.client.join();
    expect(t.onSpeaking).toHaveBeenLastCalledWith('ann', false);
  });
});

describe('reconnecting', () => {
  it('forgets the voice on a drop, and on the next join publishes the same microphone again', async () => {
    const t = setup();
    client = t.client;
    await t.client.join();
    await t.client.setMic(true);
    t.fake.fire('voice:offer', offer('0', [['0', 'ann']]));
    await vi.waitFor(() => expect(t.client.store.get().streams).toEqual(['ann']));

    t.fake.fire('disconnect', 'transport close');
    expect(t.client.store.get()).toMatchObject({ mode: null, micOn: false, streams: [] });
    expect(t.peers.every((p) => p.closed)).toBe(true);
    expect(t.onStreams).toHaveBeenLastCalledWith(new Map());

    t.fake.fire('connect');
    await t.client.join();
    await vi.waitFor(() => expect(t.client.store.get().micOn).toBe(true));
    expect(t.getUserMedia).toHaveBeenCalledTimes(1);
    expect(t.payloadsOf('voice:publish')).toHaveLength(2);
    expect(t.payloadsOf('voice:mic')).toEqual([{ on: true }, { on: true }]);
  });

  it('leaves the voice and lets the microphone go on close', async () => {
    const t = setup();
    await t.client.join();
    await t.client.setMic(true);
    t.client.close();
    expect(t.events().at(-1)).toBe('voice:leave');
    expect(t.mic.stopped).toHaveBeenCalled();
    expect(t.peers[0]?.closed).toBe(true);
    expect(t.fake.listeners('voice:offer')).toBe(0);
  });
});
