// WebRTC helpers the page's media features share (the classroom's Janus and mesh paths, the
// world's proximity voice): the browser sends only SDP and ICE over our socket.

/** Runs async jobs one after another (offer/answer exchanges must not interleave). */
export function createQueue(onError: (err: unknown) => void): (job: () => Promise<void>) => void {
  let tail: Promise<void> = Promise.resolve();
  return (job) => {
    tail = tail.then(job).catch(onError);
  };
}

/** An ICE candidate as the signalling schema takes it, or the end of gathering. */
export type CandidatePayload =
  { candidate: string; sdpMid: string | null; sdpMLineIndex: number | null } | { completed: true };

/**
 * An ICE candidate in the shape the signalling schema takes: the browser's `toJSON()` adds
 * `usernameFragment`, which the server's strict schema refuses; a null or empty candidate is the
 * end of gathering.
 */
export function candidatePayload(candidate: RTCIceCandidate | null): CandidatePayload {
  if (!candidate?.candidate) return { completed: true };
  return {
    candidate: candidate.candidate,
    sdpMid: candidate.sdpMid,
    sdpMLineIndex: candidate.sdpMLineIndex,
  };
}

/** The server's candidate for `addIceCandidate`; null for the end of gathering (nothing to add). */
export function remoteCandidate(
  candidate:
    | { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null }
    | {
        completed: true;
      },
): RTCIceCandidateInit | null {
  if ('completed' in candidate) return null;
  return {
    candidate: candidate.candidate,
    sdpMid: candidate.sdpMid ?? null,
    sdpMLineIndex: candidate.sdpMLineIndex ?? null,
  };
}

/** One inbound RTP stream's counters. */
export interface InboundLine {
  kind: string;
  packets: number;
  level: number;
  frames: number;
  bytes: number;
  width: number;
}

/** Reads the audio level and counters of every inbound RTP stream of `pc`, keyed by `mid`. */
export async function inboundByMid(pc: RTCPeerConnection): Promise<Map<string, InboundLine>> {
  const result = new Map<string, InboundLine>();
  const report = await pc.getStats();
  report.forEach((entry: Record<string, unknown>) => {
    if (entry.type !== 'inbound-rtp' || typeof entry.mid !== 'string') return;
    result.set(entry.mid, {
      kind: String(entry.kind),
      packets: Number(entry.packetsReceived ?? 0),
      level: Number(entry.audioLevel ?? 0),
      frames: Number(entry.framesDecoded ?? 0),
      bytes: Number(entry.bytesReceived ?? 0),
      width: Number(entry.frameWidth ?? 0),
    });
  });
  return result;
}

/** The level (0–1) of the audio this connection sends, from its `media-source` statistics. */
export async function outboundLevel(pc: RTCPeerConnection): Promise<number> {
  let level = 0;
  const report = await pc.getStats();
  report.forEach((entry: Record<string, unknown>) => {
    if (entry.type === 'media-source' && entry.kind === 'audio') {
      level = Math.max(level, Number(entry.audioLevel ?? 0));
    }
  });
  return level;
}
