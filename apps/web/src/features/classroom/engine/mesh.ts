// The path without Janus: one RTCPeerConnection per other person (at most 3), signalled through
// our socket (`class:signal`, relayed by the server to one participant). It follows the W3C's
// "perfect negotiation" pattern (https://w3c.github.io/webrtc-pc/#perfect-negotiation-example):
// the person with the lower id is polite and yields when both offer at once.
import { PUBLISH_LINES, type ServerPayload } from '@atrium/protocol';
import { candidatePayload, inboundByMid, outboundLevel } from '../../../shared/realtime/rtc.ts';
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

interface Peer {
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  stream: MediaStream;
  screen: MediaStream | null;
  /** Candidates that arrived before the description they belong to (the relay may reorder). */
  pending: RTCIceCandidateInit[];
}

export function createMeshTransport(options: TransportOptions): MediaTransport {
  const { socket, self, iceServers, onStream, onScreen, onError } = options;
  const peers = new Map<number, Peer>();
  const local: Record<PublishLine, MediaStreamTrack | null> = {
    audio: null,
    camera: null,
    screen: null,
  };
  /** The m-lines come in PUBLISH_LINES order on both sides: the index says which line it is. */
  const lineAt = (pc: RTCPeerConnection, transceiver: RTCRtpTransceiver) =>
    PUBLISH_LINES[pc.getTransceivers().indexOf(transceiver)];
  let closed = false;

  const signal = (to: number, body: Omit<Parameters<typeof request<'class:signal'>>[2], 'to'>) => {
    if (closed) return;
    void request(socket, 'class:signal', { to, ...body }).catch((err: unknown) =>
      onError(err instanceof Error ? err.message : String(err)),
    );
  };

  /** Makes this side send its tracks on the peer's microphone, camera and screen m-lines. */
  async function sendOn(peer: Peer): Promise<void> {
    for (const transceiver of peer.pc.getTransceivers()) {
      const line = lineAt(peer.pc, transceiver);
      if (!line) continue;
      if (transceiver.direction !== 'sendrecv') transceiver.direction = 'sendrecv';
      if (transceiver.sender.track !== local[line])
        await transceiver.sender.replaceTrack(local[line]);
    }
  }

  function peerFor(id: number): Peer {
    const existing = peers.get(id);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers });
    const peer: Peer = {
      pc,
      polite: self < id,
      makingOffer: false,
      ignoreOffer: false,
      stream: new MediaStream(),
      screen: null,
      pending: [],
    };
    peers.set(id, peer);
    pc.onicecandidate = (event) => signal(id, { candidate: candidatePayload(event.candidate) });
    pc.onnegotiationneeded = async () => {
      try {
        peer.makingOffer = true;
        await pc.setLocalDescription();
        const description = pc.localDescription;
        if (description) {
          signal(id, { description: { type: description.type as 'offer', sdp: description.sdp } });
        }
      } catch (err) {
        onError(err instanceof Error ? err.message : String(err));
      } finally {
        peer.makingOffer = false;
      }
    };
    pc.ontrack = ({ track, transceiver }) => {
      if (lineAt(pc, transceiver) === 'screen') {
        peer.screen = new MediaStream([track]);
        onScreen(id, peer.screen);
        return;
      }
      if (!peer.stream.getTracks().includes(track)) peer.stream.addTrack(track);
      onStream(id, peer.stream);
    };
    // The higher id opens the three m-lines; the other side answers on them (no duplicates).
    if (!peer.polite) {
      for (const line of PUBLISH_LINES) {
        pc.addTransceiver(local[line] ?? (line === 'audio' ? 'audio' : 'video'), {
          direction: 'sendrecv',
        });
      }
    }
    return peer;
  }

  async function onSignal({ from, description, candidate }: ServerPayload<'class:signal'>) {
    if (closed) return;
    const peer = peerFor(from);
    const { pc } = peer;
    try {
      if (description) {
        const collision =
          description.type === 'offer' && (peer.makingOffer || pc.signalingState !== 'stable');
        peer.ignoreOffer = !peer.polite && collision;
        if (peer.ignoreOffer) return;
        await pc.setRemoteDescription(description);
        for (const init of peer.pending.splice(0)) await pc.addIceCandidate(init);
        if (description.type === 'offer') {
          await sendOn(peer);
          await pc.setLocalDescription();
          const answer = pc.localDescription;
          if (answer) signal(from, { description: { type: 'answer', sdp: answer.sdp } });
        }
      } else if (candidate && !('completed' in candidate)) {
        const init: RTCIceCandidateInit = {
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid ?? null,
          sdpMLineIndex: candidate.sdpMLineIndex ?? null,
        };
        if (!pc.remoteDescription) peer.pending.push(init);
        else await pc.addIceCandidate(init);
      }
    } catch (err) {
      if (!peer.ignoreOffer) onError(err instanceof Error ? err.message : String(err));
    }
  }
  const handleSignal = (payload: ServerPayload<'class:signal'>) => void onSignal(payload);
  socket.on('class:signal', handleSignal);

  return {
    async publish(tracks: LocalTracks) {
      local.audio = tracks.audio;
      local.camera = tracks.video;
      for (const peer of peers.values()) await sendOn(peer);
    },
    async replaceTrack(line, track) {
      local[line] = track;
      for (const { pc } of peers.values()) {
        for (const transceiver of pc.getTransceivers()) {
          if (lineAt(pc, transceiver) === line) await transceiver.sender.replaceTrack(track);
        }
      }
    },
    connect(id) {
      if (id !== self) peerFor(id);
    },
    disconnect(id) {
      peers.get(id)?.pc.close();
      peers.delete(id);
    },
    async inbound() {
      const result = new Map<number, InboundStats>();
      for (const [id, { pc }] of peers) {
        const totals = emptyInbound();
        for (const line of (await inboundByMid(pc)).values()) addInbound(totals, line);
        result.set(id, totals);
      }
      return result;
    },
    async ownLevel() {
      const first = peers.values().next().value;
      return first ? outboundLevel(first.pc) : 0;
    },
    close() {
      closed = true;
      socket.off('class:signal', handleSignal);
      for (const { pc } of peers.values()) pc.close();
      peers.clear();
    },
  };
}
