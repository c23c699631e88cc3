// Issue 30 §2 on Janus: this page's two connections to the server's SFU for one voice session.
// The microphone is one sendonly audio line, published the first time the person turns it on;
// the voices arrive on one receiving connection whose offers the server makes (it decides whose
// voices it carries). The browser sends only SDP and ICE, over the app socket. Beside it,
// voiceMesh.ts does the same without Janus; voiceClient.ts holds the person's switches.
import type { ServerPayload } from '@atrium/protocol';
import {
  candidatePayload,
  createQueue,
  inboundByMid,
  remoteCandidate,
  type CandidatePayload,
} from '../../../shared/realtime/rtc.ts';
import { request } from '../../../shared/realtime/socketClient.ts';
import type { VoiceInbound } from './voiceClient.ts';
import type { VoiceConnectionOptions } from './voiceMesh.ts';

type Target = 'publisher' | 'subscriber';

/** What the SFU's connections need: the same as the mesh's. */
export type VoiceSfuOptions = VoiceConnectionOptions;

export interface VoiceSfu {
  /** Answers the server's offer for the receiving connection (offers one after another). */
  offer(offer: ServerPayload<'voice:offer'>): void;
  /** A candidate of the server's, for either connection. */
  trickle(payload: ServerPayload<'voice:trickle'>): void;
  /** Publishes the microphone, the first time; afterwards the track's `enabled` is the switch. */
  publish(track: MediaStreamTrack): Promise<void>;
  /** The microphone's line is up (or being set up). */
  readonly published: boolean;
  inbound(): Promise<Record<string, VoiceInbound>>;
  /** Ends this session's connections; nothing it started changes anything afterwards. */
  close(): void;
}

const silently = () => undefined;

export function createVoiceSfu(options: VoiceSfuOptions): VoiceSfu {
  const { socket, createPeer, onStreams, onError } = options;
  const offers = createQueue(onError);
  let closed = false;
  let publisher: RTCPeerConnection | null = null;
  let subscriber: RTCPeerConnection | null = null;
  /** Candidates of ours waiting for the server to have the description they belong to. */
  const outgoing: Record<Target, CandidatePayload[] | null> = { publisher: [], subscriber: [] };
  /** The server's candidates waiting for a remote description. */
  const incoming: Record<Target, RTCIceCandidateInit[]> = { publisher: [], subscriber: [] };
  /** The receiving lines' avatar ids, by mid, from the last offer. */
  let mids = new Map<string, string>();
  let streams = new Map<string, MediaStream>();

  const sendCandidate = (target: Target, candidate: CandidatePayload) => {
    void request(socket, 'voice:trickle', { target, candidate }).catch(silently);
  };
  const handleLocalCandidate = (target: Target, candidate: RTCIceCandidate | null) => {
    const payload = candidatePayload(candidate);
    const waiting = outgoing[target];
    if (waiting) waiting.push(payload);
    else sendCandidate(target, payload);
  };
  const releaseCandidates = (target: Target) => {
    const waiting = outgoing[target] ?? [];
    outgoing[target] = null;
    for (const candidate of waiting) sendCandidate(target, candidate);
  };
  const flushIncoming = async (target: Target, pc: RTCPeerConnection) => {
    for (const init of incoming[target].splice(0)) await pc.addIceCandidate(init).catch(silently);
  };

  /** One stream per avatar id, from the receiving lines that carry a voice now. */
  const placeStreams = () => {
    if (!subscriber || closed) return;
    const next = new Map<string, MediaStream>();
    for (const transceiver of subscriber.getTransceivers()) {
      const id = transceiver.mid === null ? undefined : mids.get(transceiver.mid);
      if (id === undefined) continue;
      const direction = transceiver.currentDirection;
      if (direction === 'inactive' || direction === 'stopped' || direction === 'sendonly') continue;
      const received = transceiver.receiver.track;
      const current = streams.get(id);
      next.set(
        id,
        current?.getAudioTracks()[0] === received ? current : new MediaStream([received]),
      );
    }
    streams = next;
    onStreams(next);
  };

  const ensureSubscriber = () => {
    if (subscriber) return subscriber;
    const pc = createPeer({ iceServers: options.iceServers() });
    pc.onicecandidate = (event) => handleLocalCandidate('subscriber', event.candidate);
    pc.ontrack = () => placeStreams();
    subscriber = pc;
    return pc;
  };

  const answer = async (offer: ServerPayload<'voice:offer'>) => {
    mids = new Map(offer.streams.map((s) => [s.mid, s.id]));
    const pc = ensureSubscriber();
    await pc.setRemoteDescription(offer.sdp);
    await flushIncoming('subscriber', pc);
    await pc.setLocalDescription(await pc.createAnswer());
    const local = pc.localDescription;
    if (!local || closed) return;
    await request(socket, 'voice:answer', { sdp: { type: 'answer', sdp: local.sdp } });
    if (closed) return;
    releaseCandidates('subscriber');
    placeStreams();
  };

  return {
    offer(offer) {
      offers(async () => {
        if (!closed) await answer(offer);
      });
    },
    trickle({ target, candidate }) {
      const init = remoteCandidate(candidate);
      if (!init || closed) return;
      const pc = target === 'publisher' ? publisher : subscriber;
      if (!pc?.remoteDescription) incoming[target].push(init);
      else void pc.addIceCandidate(init).catch(silently);
    },
    async publish(mic) {
      if (publisher || closed) return;
      const pc = createPeer({ iceServers: options.iceServers() });
      publisher = pc;
      pc.onicecandidate = (event) => handleLocalCandidate('publisher', event.candidate);
      pc.addTransceiver(mic, { direction: 'sendonly', streams: [new MediaStream([mic])] });
      await pc.setLocalDescription(await pc.createOffer());
      const offer = pc.localDescription;
      if (!offer) throw new Error('The microphone connection made no offer.');
      try {
        const { sdp } = await request(socket, 'voice:publish', {
          sdp: { type: 'offer', sdp: offer.sdp },
        });
        if (closed) return;
        await pc.setRemoteDescription(sdp);
      } catch (err: unknown) {
        // Not published: the next switch-on starts over with a new connection.
        if (publisher === pc) {
          pc.close();
          publisher = null;
          outgoing.publisher = [];
          incoming.publisher = [];
        }
        throw err;
      }
      await flushIncoming('publisher', pc);
      releaseCandidates('publisher');
    },
    get published() {
      return publisher !== null;
    },
    async inbound() {
      const result: Record<string, VoiceInbound> = {};
      if (!subscriber) return result;
      for (const [mid, line] of await inboundByMid(subscriber)) {
        const id = mids.get(mid);
        // Only the voices received now: a line gone quiet keeps its old counters.
        if (id === undefined || !streams.has(id) || line.kind !== 'audio') continue;
        const totals = result[id] ?? { bytes: 0, packets: 0 };
        totals.bytes += line.bytes;
        totals.packets += line.packets;
        result[id] = totals;
      }
      return result;
    },
    close() {
      closed = true;
      publisher?.close();
      subscriber?.close();
      publisher = null;
      subscriber = null;
    },
  };
}
