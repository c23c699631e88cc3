// Issue 30 §2 without Janus: this page's straight connections to the (at most 4) people the
// server paired it with (`voice:peers`). One audio line each way per pair, made once: the pair's
// lower avatar id offers, the other answers, and the microphone is swapped in with
// `replaceTrack`, so switching it on needs no new negotiation. SDP and ICE go through the server,
// which relays them only within the pair.
import type { ServerPayload, VoicePeer } from '@atrium/protocol';
import {
  candidatePayload,
  inboundByMid,
  outboundLevel,
  remoteCandidate,
} from '../../../shared/realtime/rtc.ts';
import { request, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import type { VoiceInbound } from './voiceClient.ts';

/** How long a signal from someone not (yet) named a peer is kept: the pair's rounds may differ. */
const EARLY_SIGNAL_MS = 5000;

/**
 * How often the voices' levels are sampled; `levels()` answers each one's loudest since it was
 * last asked. The RTP level is the last packet's: a short sound is loud for a few packets only (a
 * fake microphone's beep read 0, 224, 398, 79, 25 thousandths 20 ms apart), so read every 250 ms it
 * was missed in 5 readings of 6.
 */
const LEVEL_SAMPLE_MS = 50;

interface Link {
  peer: VoicePeer;
  pc: RTCPeerConnection;
  /** The peer's voice once its track arrives. */
  stream: MediaStream | null;
  /** Their candidates waiting for their description. */
  waiting: RTCIceCandidateInit[];
}

type Signal = ServerPayload<'voice:signal'>;

/** What a voice session's connections need, on Janus (voiceSfu.ts) or in the mesh. */
export interface VoiceConnectionOptions {
  socket: AppSocket;
  createPeer: (config: RTCConfiguration) => RTCPeerConnection;
  iceServers: () => RTCIceServer[];
  /** The voices to play changed, by avatar id (the same stream while its track lives; in the mesh,
   * muted peers left out). */
  onStreams: (streams: Map<string, MediaStream>) => void;
  onError: (err: unknown) => void;
}

export interface VoiceMesh {
  setPeers(peers: readonly VoicePeer[]): void;
  signal(signal: Signal): void;
  /** The microphone (or null): sent to every peer. */
  setTrack(track: MediaStreamTrack | null): void;
  inbound(): Promise<Record<string, VoiceInbound>>;
  /**
   * The audio levels (0 to 1) this page measures: each voice it plays, by avatar id, and its own
   * microphone's as it goes out (0 with nobody to send it to).
   */
  levels(): Promise<{ own: number; voices: Map<string, number> }>;
  close(): void;
}

export function createVoiceMesh(options: VoiceConnectionOptions): VoiceMesh {
  const { socket, onStreams, onError } = options;
  const links = new Map<string, Link>();
  const early = new Map<string, { at: number; signals: Signal[] }>();
  let track: MediaStreamTrack | null = null;

  const publish = () => {
    const streams = new Map<string, MediaStream>();
    for (const [id, link] of links) {
      if (link.stream && link.peer.mic && !link.peer.muted) streams.set(id, link.stream);
    }
    onStreams(streams);
  };

  const send = (to: string, payload: Omit<Parameters<typeof signalPayload>[0], 'to'>) =>
    request(socket, 'voice:signal', signalPayload({ to, ...payload }));

  const audioSender = (pc: RTCPeerConnection) =>
    pc.getTransceivers().find((t) => t.receiver.track.kind === 'audio');

  const open = (peer: VoicePeer): Link => {
    const pc = options.createPeer({ iceServers: options.iceServers() });
    const link: Link = { peer, pc, stream: null, waiting: [] };
    links.set(peer.id, link);
    pc.onicecandidate = (event) => {
      if (links.get(peer.id) !== link) return;
      void send(peer.id, { candidate: candidatePayload(event.candidate) }).catch(() => undefined);
    };
    pc.ontrack = (event) => {
      if (links.get(peer.id) !== link) return;
      link.stream = new MediaStream([event.track]);
      publish();
    };
    pc.onconnectionstatechange = () => {
      // A pair that failed (a network change) starts over; the offerer makes the new offer.
      if (pc.connectionState !== 'failed' || links.get(peer.id) !== link) return;
      drop(peer.id);
      if (peer.initiator) void offer(open(peer)).catch(onError);
    };
    return link;
  };

  const drop = (id: string) => {
    const link = links.get(id);
    if (!link) return;
    links.delete(id);
    link.pc.close();
    if (link.stream) publish();
  };

  const offer = async (link: Link) => {
    const transceiver = link.pc.addTransceiver('audio', { direction: 'sendrecv' });
    await transceiver.sender.replaceTrack(track);
    await link.pc.setLocalDescription(await link.pc.createOffer());
    const local = link.pc.localDescription;
    if (!local || links.get(link.peer.id) !== link) return;
    await send(link.peer.id, { description: { type: 'offer', sdp: local.sdp } });
  };

  const answer = async (link: Link, sdp: string) => {
    const { pc } = link;
    await pc.setRemoteDescription({ type: 'offer', sdp });
    for (const init of link.waiting.splice(0))
      await pc.addIceCandidate(init).catch(() => undefined);
    const transceiver = audioSender(pc);
    if (transceiver) {
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(track);
    }
    await pc.setLocalDescription(await pc.createAnswer());
    const local = pc.localDescription;
    if (!local || links.get(link.peer.id) !== link) return;
    await send(link.peer.id, { description: { type: 'answer', sdp: local.sdp } });
  };

  const apply = async (link: Link, { description, candidate }: Signal) => {
    const { pc } = link;
    if (description?.type === 'offer') {
      if (link.peer.initiator) return;
      // A new offer from the same person (their side started over): a new connection.
      if (pc.remoteDescription) {
        drop(link.peer.id);
        return apply(open(link.peer), { from: link.peer.id, description });
      }
      await answer(link, description.sdp);
    } else if (description?.type === 'answer') {
      if (!link.peer.initiator || pc.signalingState !== 'have-local-offer') return;
      await pc.setRemoteDescription(description);
      for (const init of link.waiting.splice(0))
        await pc.addIceCandidate(init).catch(() => undefined);
    }
    const init = candidate ? remoteCandidate(candidate) : null;
    if (!init) return;
    if (pc.remoteDescription) await pc.addIceCandidate(init).catch(() => undefined);
    else link.waiting.push(init);
  };

  /** This page plays the peer's voice: it arrived, their microphone is on, nobody muted them. */
  const playing = (link: Link) => link.stream !== null && link.peer.mic && !link.peer.muted;

  /** The loudest level of each voice since `levels()` last answered. */
  const peaks = new Map<string, number>();
  const sample = () => {
    for (const [id, link] of links) {
      if (playing(link)) peaks.set(id, Math.max(peaks.get(id) ?? 0, levelOf(link.pc)));
    }
  };
  const sampler = setInterval(sample, LEVEL_SAMPLE_MS);

  /** Signals are applied one after another, in the order they came. */
  let chain = Promise.resolve();
  const enqueue = (job: () => Promise<void>) => {
    chain = chain.then(job).catch(onError);
  };

  return {
    setPeers(peers) {
      const wanted = new Map(peers.map((p) => [p.id, p]));
      for (const id of [...links.keys()]) if (!wanted.has(id)) drop(id);
      let changed = false;
      for (const peer of peers) {
        const link = links.get(peer.id);
        if (link) {
          changed ||= link.peer.muted !== peer.muted || link.peer.mic !== peer.mic;
          link.peer = peer;
          continue;
        }
        const made = open(peer);
        if (peer.initiator) enqueue(() => offer(made));
        const held = early.get(peer.id);
        early.delete(peer.id);
        for (const s of held?.signals ?? []) enqueue(() => apply(made, s));
      }
      if (changed) publish();
    },
    signal(s) {
      const link = links.get(s.from);
      if (link) {
        enqueue(() => apply(link, s));
        return;
      }
      // Named a peer on the other side first: kept for the round that names it here.
      const now = Date.now();
      for (const [id, held] of early) if (now - held.at > EARLY_SIGNAL_MS) early.delete(id);
      const held = early.get(s.from) ?? { at: now, signals: [] };
      held.signals.push(s);
      early.set(s.from, held);
    },
    setTrack(next) {
      track = next;
      for (const link of links.values()) {
        const transceiver = audioSender(link.pc);
        void transceiver?.sender.replaceTrack(next).catch(onError);
      }
    },
    async inbound() {
      const result: Record<string, VoiceInbound> = {};
      for (const [id, link] of links) {
        if (!playing(link)) continue;
        const totals = { bytes: 0, packets: 0 };
        for (const line of (await inboundByMid(link.pc)).values()) {
          if (line.kind !== 'audio') continue;
          totals.bytes += line.bytes;
          totals.packets += line.packets;
        }
        result[id] = totals;
      }
      return result;
    },
    async levels() {
      sample();
      const voices = new Map<string, number>();
      for (const [id, link] of links) if (playing(link)) voices.set(id, peaks.get(id) ?? 0);
      peaks.clear();
      const first = links.values().next().value;
      return { own: first ? await outboundLevel(first.pc) : 0, voices };
    },
    close() {
      clearInterval(sampler);
      peaks.clear();
      for (const id of [...links.keys()]) drop(id);
      early.clear();
      onStreams(new Map());
    },
  };
}

/**
 * The level (0 to 1) of the voice arriving on `pc`, from the audio level the sender writes in
 * each RTP packet (RFC 6464), as the receiver last saw it within the last second. The inbound
 * statistics' own `audioLevel` is measured on playout, and reads 0 until the page's audio plays.
 */
function levelOf(pc: RTCPeerConnection): number {
  const now = performance.timeOrigin + performance.now();
  let level = 0;
  for (const receiver of pc.getReceivers()) {
    if (receiver.track.kind !== 'audio') continue;
    for (const source of receiver.getSynchronizationSources()) {
      if (now - source.timestamp <= 1000) level = Math.max(level, source.audioLevel ?? 0);
    }
  }
  return level;
}

/** The signal as the server's strict schema takes it (no undefined fields). */
function signalPayload(s: {
  to: string;
  description?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: ReturnType<typeof candidatePayload>;
}) {
  return {
    to: s.to,
    ...(s.description ? { description: s.description } : {}),
    ...(s.candidate ? { candidate: s.candidate } : {}),
  };
}
