// A listener's voice subscription on Janus (issue 30 §2): the avatars it hears, changed with
// VideoRoom's `update` when the round's choice differs, and each new offer handed to the page.
import { createHash } from 'node:crypto';
import type { VoiceArea, VoiceOffer } from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type {
  JanusClient,
  JanusPeer,
  JanusPublisher,
  JanusSubscriber,
  SubscribedStream,
} from '../../media/janus/index.ts';
import type { AtriumSocket } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { VoiceEntry } from './world.voice-directory.ts';

/** Janus's feed id of an avatar's voice: the same on every process, below 2^53. */
export const voiceFeed = (avatarId: string): number =>
  1 + createHash('sha256').update(`atrium:voice-feed:${avatarId}`).digest().readUIntBE(0, 6);

/** How long the server waits for the page's answer before offering again. */
export const ANSWER_TIMEOUT_MS = 10_000;

/** One socket in the voice, on the SFU or in the mesh. */
export interface VoiceMember {
  socket: AtriumSocket;
  /** The avatar id (the socket's id). */
  id: string;
  claims: AuthClaims;
  instanceId: string;
  areas: readonly VoiceArea[];
  entry: VoiceEntry;
  /** A moderator's: the muted avatar ids as last told (`voice:mutes`), joined by newlines. */
  mutes: string;
  /** The accounts blocked either way, as last read, and when. */
  blocked: Set<string>;
  blockedAt: number;
}

/** One socket in the voice on Janus: its handles and what it hears. */
export interface VoiceSession extends VoiceMember {
  room: number;
  client: JanusClient;
  peer: JanusPeer;
  publisher: JanusPublisher;
  privateId: number;
  subscriber: JanusSubscriber | null;
  /** The avatar ids in the subscription as last offered. */
  heard: string[];
  /** Of those, the ones heard from everywhere (stage, megaphone), as last told to the page. */
  loud: string[];
  /** Waiting for the page's answer since (ms), or 0. */
  negotiating: number;
}

const offerView = (streams: SubscribedStream[], ids: Map<number, string>): VoiceOffer['streams'] =>
  streams.flatMap(({ mid, type, feed }) => {
    const id = feed === undefined ? undefined : ids.get(feed);
    return type === 'audio' && id !== undefined ? [{ mid, id }] : [];
  });

/** Hands Janus's new offer to the page; its answer (`voice:answer`) starts it. */
function sendOffer(
  session: VoiceSession,
  offer: { type: 'offer' | 'answer'; sdp: string },
  streams: SubscribedStream[],
): void {
  const ids = new Map<number, string>();
  for (const id of session.heard) ids.set(voiceFeed(id), id);
  const view = offerView(streams, ids);
  session.heard = view.map((s) => s.id);
  session.negotiating = Date.now();
  session.socket.emit('voice:offer', { sdp: { type: 'offer', sdp: offer.sdp }, streams: view });
}

/** Changes `session`'s subscription to `want` (avatar ids) and offers the page the result. */
export async function applySubscription(
  session: VoiceSession,
  want: string[],
  entries: Map<string, VoiceEntry>,
  { current, log }: { current: (session: VoiceSession) => boolean; log: FastifyBaseLogger },
): Promise<void> {
  const added = want.filter((id) => !session.heard.includes(id));
  const removed = session.heard.filter((id) => !want.includes(id));
  const feedOf = (id: string) => ({ feed: entries.get(id)?.feed ?? voiceFeed(id) });
  session.negotiating = Date.now();
  try {
    if (!session.subscriber) {
      if (added.length === 0) {
        session.negotiating = 0;
        return;
      }
      const subscriber = await session.peer.subscriber();
      subscriber.on('trickle', (candidate) =>
        session.socket.emit('voice:trickle', { target: 'subscriber', candidate }),
      );
      // Janus renegotiates by itself when a speaker leaves the room: that offer goes to the page.
      subscriber.on('updated', ({ offer, streams }) => {
        if (session.negotiating || !offer || !current(session)) return;
        sendOffer(session, offer, streams);
      });
      const { offer, streams } = await subscriber.subscribe({
        room: session.room,
        streams: added.map(feedOf),
        privateId: session.privateId,
      });
      session.subscriber = subscriber;
      session.heard = want;
      sendOffer(session, offer, streams);
      return;
    }
    const subscriber = session.subscriber;
    let stop = () => {};
    try {
      const updated = new Promise<{ offer: unknown; streams: SubscribedStream[] }>((resolve) => {
        stop = subscriber.on('updated', resolve);
      });
      const result = await subscriber.update({
        ...(added.length > 0 ? { subscribe: added.map(feedOf) } : {}),
        ...(removed.length > 0 ? { unsubscribe: removed.map(feedOf) } : {}),
      });
      const done = result.offer
        ? result
        : await Promise.race([
            updated,
            new Promise<null>((r) => setTimeout(() => r(null), ANSWER_TIMEOUT_MS)),
          ]);
      const offer = done?.offer as { type: 'offer'; sdp: string } | null | undefined;
      if (!done || !offer) {
        session.negotiating = 0;
        return;
      }
      session.heard = want;
      sendOffer(session, offer, done.streams);
    } finally {
      stop();
    }
  } catch (err) {
    // A speaker may have left Janus in the meantime: the next round chooses again.
    session.negotiating = 0;
    log.debug({ err }, 'voice subscription change failed');
  }
}
