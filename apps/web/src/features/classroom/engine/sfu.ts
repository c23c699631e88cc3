// The Janus path: one connection publishes the person's tracks, one receives everyone else's
// (Janus multistream). The browser sends only SDP and ICE over our socket; the server owns the
// Janus session, so nothing here knows Janus's API, rooms or tokens.
import { PUBLISH_LINES, type ServerPayload } from '@atrium/protocol';
import {
  candidatePayload,
  createQueue,
  inboundByMid,
  outboundLevel,
  remoteCandidate,
} from '../../../shared/realtime/rtc.ts';
import { request } from '../../../shared/realtime/socketClient.ts';
import type { LocalTracks } from './localMedia.ts';
import {
  addInbound,
  emptyInbound,
  type InboundStats,
  type MediaTransport,
  type PublishLine,
  type TransportOptions,
} from './transport.ts';

/**
 * Issue 28 §6: the camera goes out in three simulcast layers, highest first (the rid order Janus
 * reads, as janus.js sends it), so Janus can forward each viewer the layer its tile needs; the
 * browser leaves out layers a small camera cannot fill. The bitrates keep a 480p camera near
 * docs/classroom-scale.md's 500 / 150 kbps.
 */
const CAMERA_LAYERS: RTCRtpEncodingParameters[] = [
  { rid: 'h', maxBitrate: 700_000 },
  { rid: 'm', maxBitrate: 250_000, scaleResolutionDownBy: 2 },
  { rid: 'l', maxBitrate: 100_000, scaleResolutionDownBy: 4 },
];

/** How long to wait before asking again for a feed Janus did not have yet. */
const RESUBSCRIBE_DELAY_MS = 1000;

export function createSfuTransport(options: TransportOptions): MediaTransport {
  const { socket, self, iceServers, onStream, onScreen, onError } = options;
  const queue = createQueue((err) => onError(err instanceof Error ? err.message : String(err)));
  let closed = false;

  // Publisher: candidates wait until Janus has our offer; Janus's wait for its answer.
  let publisher: RTCPeerConnection | null = null;
  const senders: Partial<Record<PublishLine, RTCRtpSender>> = {};
  let published = false;
  const outgoing: ReturnType<typeof candidatePayload>[] = [];
  const publisherRemote: RTCIceCandidateInit[] = [];

  // Subscriber: one connection for every feed; `mids` says which feed each m-line carries.
  let subscriber: RTCPeerConnection | null = null;
  const subscriberRemote: RTCIceCandidateInit[] = [];
  const mids = new Map<string, number>();
  /** The subscriber m-lines that carry a screen share rather than a camera. */
  const screenMids = new Set<string>();
  const screens = new Map<number, MediaStream>();
  const wanted = new Set<number>();
  const subscribed = new Set<number>();
  const streams = new Map<number, MediaStream>();
  const timers = new Set<number>();

  const sendTrickle = (target: 'publisher' | 'subscriber', candidate: RTCIceCandidate | null) => {
    if (closed) return;
    void request(socket, 'class:trickle', {
      participant: self,
      target,
      candidate: candidatePayload(candidate),
    }).catch(() => undefined);
  };

  const onTrickle = ({ target, candidate }: ServerPayload<'class:trickle'>) => {
    const init = remoteCandidate(candidate);
    if (!init) return;
    const pc = target === 'publisher' ? publisher : subscriber;
    if (!pc?.remoteDescription) {
      (target === 'publisher' ? publisherRemote : subscriberRemote).push(init);
      return;
    }
    void pc.addIceCandidate(init).catch(() => undefined);
  };
  socket.on('class:trickle', onTrickle);

  const flush = async (pc: RTCPeerConnection, pending: RTCIceCandidateInit[]) => {
    for (const init of pending.splice(0)) await pc.addIceCandidate(init).catch(() => undefined);
  };

  /** Puts every live received track on its participant's stream (m-lines get reused by Janus). */
  function placeTracks(): void {
    if (!subscriber) return;
    const byFeed = new Map<number, MediaStreamTrack[]>();
    const screenOf = new Map<number, MediaStreamTrack>();
    for (const transceiver of subscriber.getTransceivers()) {
      const feed = transceiver.mid === null ? undefined : mids.get(transceiver.mid);
      if (feed === undefined || !subscribed.has(feed)) continue;
      if (transceiver.currentDirection === 'inactive') continue;
      if (transceiver.mid !== null && screenMids.has(transceiver.mid)) {
        screenOf.set(feed, transceiver.receiver.track);
        continue;
      }
      byFeed.set(feed, [...(byFeed.get(feed) ?? []), transceiver.receiver.track]);
    }
    for (const feed of new Set([...screens.keys(), ...screenOf.keys()])) {
      const track = screenOf.get(feed);
      const current = screens.get(feed);
      if (current?.getTracks()[0] === track) continue;
      if (track) screens.set(feed, new MediaStream([track]));
      else screens.delete(feed);
      onScreen(feed, screens.get(feed) ?? null);
    }
    for (const [feed, tracks] of byFeed) {
      let stream = streams.get(feed);
      const isNew = !stream;
      stream ??= new MediaStream();
      streams.set(feed, stream);
      let changed = isNew;
      for (const track of stream.getTracks()) {
        if (!tracks.includes(track)) {
          stream.removeTrack(track);
          changed = true;
        }
      }
      for (const track of tracks) {
        if (!stream.getTracks().includes(track)) {
          stream.addTrack(track);
          changed = true;
        }
      }
      if (changed) onStream(feed, stream);
    }
  }

  function ensureSubscriber(): RTCPeerConnection {
    if (subscriber) return subscriber;
    const pc = new RTCPeerConnection({ iceServers });
    pc.onicecandidate = (event) => sendTrickle('subscriber', event.candidate);
    pc.ontrack = () => placeTracks();
    subscriber = pc;
    return pc;
  }

  function subscribe(feed: number): void {
    wanted.add(feed);
    queue(async () => {
      if (closed || subscribed.has(feed) || !wanted.has(feed)) return;
      let answer: Awaited<ReturnType<typeof request<'class:subscribe'>>>;
      try {
        answer = await request(socket, 'class:subscribe', { feed });
      } catch {
        // Janus may not have the feed yet (its connection is still coming up): ask once more.
        const timer = window.setTimeout(() => {
          timers.delete(timer);
          if (!closed && wanted.has(feed) && !subscribed.has(feed)) subscribe(feed);
        }, RESUBSCRIBE_DELAY_MS);
        timers.add(timer);
        return;
      }
      subscribed.add(feed);
      await answerOffer(answer);
    });
  }

  /** Takes Janus's offer for the one subscriber connection and answers it. */
  async function answerOffer(offer: ServerPayload<'class:renegotiate'>): Promise<void> {
    for (const stream of offer.streams) {
      if (stream.feed !== undefined) mids.set(stream.mid, stream.feed);
      if (stream.screen) screenMids.add(stream.mid);
      else screenMids.delete(stream.mid);
    }
    const pc = ensureSubscriber();
    await pc.setRemoteDescription(offer.sdp);
    await flush(pc, subscriberRemote);
    await pc.setLocalDescription(await pc.createAnswer());
    const local = pc.localDescription;
    if (!local) return;
    await request(socket, 'class:start', { sdp: { type: 'answer', sdp: local.sdp } });
    placeTracks();
  }

  // Janus renegotiates by itself when a publisher leaves; it holds other changes until answered.
  const onRenegotiate = (offer: ServerPayload<'class:renegotiate'>) => {
    queue(async () => {
      if (!closed && subscriber) await answerOffer(offer);
    });
  };
  socket.on('class:renegotiate', onRenegotiate);

  return {
    async publish(tracks: LocalTracks) {
      const pc = new RTCPeerConnection({ iceServers });
      publisher = pc;
      const stream = new MediaStream();
      pc.onicecandidate = (event) => {
        const payload = event.candidate;
        if (published) sendTrickle('publisher', payload);
        else outgoing.push(candidatePayload(payload));
      };
      // The three m-lines always exist (PUBLISH_LINES: microphone, camera, screen), so a screen
      // share or a camera switched on later needs no renegotiation: it is a replaceTrack on the
      // same sender. The server reads which is which from their order.
      for (const line of PUBLISH_LINES) {
        const track = line === 'audio' ? tracks.audio : line === 'camera' ? tracks.video : null;
        if (track) stream.addTrack(track);
        senders[line] = pc.addTransceiver(track ?? (line === 'audio' ? 'audio' : 'video'), {
          direction: 'sendonly',
          streams: [stream],
          ...(line === 'camera' ? { sendEncodings: CAMERA_LAYERS } : {}),
        }).sender;
      }
      await pc.setLocalDescription(await pc.createOffer());
      const offer = pc.localDescription;
      if (!offer) throw new Error('no offer');
      const { sdp } = await request(socket, 'class:publish', {
        participant: self,
        sdp: { type: 'offer', sdp: offer.sdp },
      });
      await pc.setRemoteDescription(sdp);
      await flush(pc, publisherRemote);
      published = true;
      for (const candidate of outgoing.splice(0)) {
        void request(socket, 'class:trickle', {
          participant: self,
          target: 'publisher',
          candidate,
        }).catch(() => undefined);
      }
    },
    async replaceTrack(line, track) {
      await senders[line]?.replaceTrack(track);
    },
    connect(id) {
      subscribe(id);
    },
    disconnect(id) {
      wanted.delete(id);
      subscribed.delete(id);
      streams.delete(id);
      screens.delete(id);
      for (const [mid, feed] of mids) if (feed === id) mids.delete(mid);
    },
    async inbound() {
      const result = new Map<number, InboundStats>();
      if (!subscriber) return result;
      for (const [mid, line] of await inboundByMid(subscriber)) {
        const feed = mids.get(mid);
        if (feed === undefined || !subscribed.has(feed)) continue;
        const totals = result.get(feed) ?? emptyInbound();
        addInbound(totals, line);
        result.set(feed, totals);
      }
      return result;
    },
    ownLevel: () => (publisher ? outboundLevel(publisher) : Promise.resolve(0)),
    close() {
      closed = true;
      socket.off('class:trickle', onTrickle);
      socket.off('class:renegotiate', onRenegotiate);
      for (const timer of timers) window.clearTimeout(timer);
      publisher?.close();
      subscriber?.close();
      publisher = null;
      subscriber = null;
    },
  };
}
