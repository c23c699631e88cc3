// Issue 30 §2: proximity voice on our Janus. Each world instance has one audio-only VideoRoom;
// everyone in the voice joins it (a subscriber needs a publisher's private id), a speaker
// publishes their microphone, and the server alone chooses each listener's subscription: the
// voices `hearing` picks (distance, private areas, quiet zones, the stage, blocks, mutes), at
// most VoiceConstants.maxStreams of them, found again every VoiceConstants.recomputeMs. The page
// sends only SDP, ICE and its switches, so an edited page receives nothing more than that.
import { createHash, createHmac } from 'node:crypto';
import { VoiceConstants, VoiceText } from '@atrium/protocol';
import type { AvatarState, IceServer } from '@atrium/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { janusAnswers, janusCandidate } from '../../media/janus/index.ts';
import type { JanusClient, JanusPublisher, MediaServer } from '../../media/janus/index.ts';
import type { AtriumServer, AtriumSocket, SocketFeature } from '../../realtime/realtime.ts';
import { randomToken } from '../../security/access-tokens.ts';
import type { VoiceDirectory, VoiceEntry } from './world.voice-directory.ts';
import { hearing, isBroadcast, voicePeople } from './world.voice-rules.ts';
import { isModerator, voiceMembers } from './world.voice-member.ts';
import { createVoiceMesh, type MeshMember } from './world.voice-mesh.ts';
import {
  ANSWER_TIMEOUT_MS,
  applySubscription,
  voiceFeed,
  type VoiceMember,
  type VoiceSession,
} from './world.voice-subscription.ts';
import type { WorldService } from './world.service.ts';

export { voiceFeed } from './world.voice-subscription.ts';

/** The voice room of a world instance: at or above 2^49, apart from classes and calls. */
export const voiceRoomId = (instanceId: string): number =>
  2 ** 49 +
  createHash('sha256').update(`atrium:voice-room:${instanceId}`).digest().readUIntBE(0, 6);

const roomSecret = (secret: string, instanceId: string) =>
  createHmac('sha256', secret).update(`atrium:voice-room:${instanceId}`).digest('hex');

export interface WorldVoiceDeps {
  service: Pick<WorldService, 'member'>;
  /** Where everyone in an instance stands, on any process. */
  positions: (instanceId: string) => Promise<AvatarState[]>;
  media: () => MediaServer | null;
  secret: string;
  directory: VoiceDirectory;
  log: FastifyBaseLogger;
  blockedEither: (userId: string) => Promise<string[]>;
  iceServers: (userId: string) => IceServer[];
}

export interface WorldVoice {
  feature: SocketFeature;
  /** The socket left its instance (or the world): its voice ends. */
  leave(socketId: string): Promise<void>;
  start(io: AtriumServer): void;
  stop(): Promise<void>;
  /** Each local listener's voices as last offered, by avatar id (tests). */
  heardBy(socketId: string): string[] | undefined;
}

const sameVoices = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

export function createWorldVoice(deps: WorldVoiceDeps): WorldVoice {
  const { service, directory, log } = deps;
  const sessions = new Map<string, VoiceSession>();
  let io: AtriumServer | undefined;
  let timer: NodeJS.Timeout | undefined;
  let computing = false;

  /** Runs a Janus request; its refusal becomes a clear answer to the page. */
  const janus = janusAnswers(
    { unavailable: VoiceText.unavailable, failed: VoiceText.mediaFailed },
    log,
    'voice',
  );

  const ensureRoom = (client: JanusClient, instanceId: string): Promise<number> =>
    client.ensureRoom({
      room: voiceRoomId(instanceId),
      secret: roomSecret(deps.secret, instanceId),
      allowed: [],
      description: `voice ${instanceId}`,
      publishers: VoiceConstants.roomPublishers,
      bitrate: VoiceConstants.bitrate,
      talkingEvents: { levelAverage: 25 },
    });

  function requireSession(socket: AtriumSocket): VoiceSession {
    const session = sessions.get(socket.id);
    if (!session) throw badRequest(VoiceText.notJoined);
    return session;
  }

  /** The socket's place in the voice, on Janus or in the mesh. */
  function requireMember(socket: AtriumSocket): VoiceMember {
    const member = sessions.get(socket.id) ?? mesh.members.get(socket.id);
    if (!member) throw badRequest(VoiceText.notJoined);
    return member;
  }

  async function leave(socketId: string): Promise<void> {
    const session = sessions.get(socketId);
    const member = session ?? mesh.remove(socketId);
    if (!member) return;
    sessions.delete(socketId);
    await directory.remove(member.instanceId, member.id).catch((err: unknown) => {
      log.warn({ err }, 'voice entry not removed');
    });
    if (member.entry.mic)
      io?.to(member.instanceId).emit('voice:speaking', { id: member.id, speaking: false });
    await session?.peer.close();
  }

  /** Changes `session`'s subscription to `want` (avatar ids) and offers the page the result. */
  const apply = (session: VoiceSession, want: string[], entries: Map<string, VoiceEntry>) =>
    applySubscription(session, want, entries, {
      current: (s) => sessions.get(s.socket.id) === s,
      log,
    });

  const { blocksOf, newMember } = voiceMembers(deps.blockedEither, log);
  const mesh = createVoiceMesh({ directory, io: () => io, blocksOf });

  /** One round: every local listener's voices chosen again; changed subscriptions offered. */
  async function recompute(): Promise<void> {
    const byInstance = new Map<string, VoiceSession[]>();
    for (const session of sessions.values()) {
      const list = byInstance.get(session.instanceId) ?? [];
      list.push(session);
      byInstance.set(session.instanceId, list);
    }
    const meshBy = new Map<string, MeshMember[]>();
    for (const member of mesh.members.values()) {
      const list = meshBy.get(member.instanceId) ?? [];
      list.push(member);
      meshBy.set(member.instanceId, list);
      if (!byInstance.has(member.instanceId)) byInstance.set(member.instanceId, []);
    }
    for (const [instanceId, listeners] of byInstance) {
      const [entries, muted, states] = await Promise.all([
        directory.entries(instanceId),
        directory.muted(instanceId),
        deps.positions(instanceId),
      ]);
      const meshMembers = meshBy.get(instanceId) ?? [];
      mesh.round(meshMembers, entries, muted, states);
      // Every moderator's list knows who is muted, whoever muted them (and after their reload).
      const mutedIds = entries.filter((e) => muted.has(e.account)).map((e) => e.id);
      const mutes = mutedIds.sort().join('\n');
      for (const member of [...listeners, ...meshMembers]) {
        if (!member.entry.moderator || member.mutes === mutes) continue;
        member.mutes = mutes;
        member.socket.emit('voice:mutes', { ids: mutedIds });
      }
      const where = new Map<string, { x: number; z: number }>();
      for (const state of states) where.set(state.id, state);
      const byId = new Map(entries.map((e) => [e.id, e]));
      const speakers = voicePeople(
        entries.filter((e) => e.mic && e.mid !== null),
        where,
        muted,
      );
      for (const session of listeners) {
        if (session.negotiating && Date.now() - session.negotiating < ANSWER_TIMEOUT_MS) continue;
        const at = where.get(session.id);
        if (!at) continue;
        const blocked = blocksOf(session);
        const want = hearing(
          { id: session.id, account: session.entry.account, x: at.x, z: at.z },
          speakers,
          { areas: session.areas, blocked },
        );
        // Of the voices it hears, those heard from everywhere (stage, megaphone): the page plays
        // them at full volume instead of fading them with distance.
        const loud = speakers
          .filter((sp) => want.includes(sp.id) && isBroadcast(sp, session.areas))
          .map((sp) => sp.id)
          .sort();
        if (loud.join('\n') !== session.loud.join('\n')) {
          session.loud = loud;
          session.socket.emit('voice:broadcasts', { ids: loud });
        }
        if (sameVoices(want, session.heard)) continue;
        void apply(session, want, byId);
      }
    }
  }

  const feature: SocketFeature = (socket, on) => {
    on('voice:join', async (s) => {
      const claims = s.data.auth;
      if (!claims) throw badRequest(VoiceText.notInWorld);
      const member = service.member(s.id);
      if (!member) throw badRequest(VoiceText.notInWorld);
      const media = deps.media();
      const base = {
        canSpeak: claims.role !== 'guest',
        moderator: isModerator(claims),
        iceServers: deps.iceServers(claims.sub),
      };
      await leave(s.id);
      const instanceId = member.instanceId;
      const areas = member.layout.voiceAreas ?? [];
      if (!media) {
        // No Janus: the pages near each other connect straight.
        const joined = await newMember(s, claims, instanceId, areas);
        if (s.disconnected || service.member(s.id)?.instanceId !== instanceId) {
          throw badRequest(VoiceText.notInWorld);
        }
        await mesh.add(joined);
        const muted = (await directory.muted(instanceId)).has(claims.sub);
        return { mode: 'mesh' as const, muted, ...base };
      }
      const client = media.client;
      const room = await janus(() => ensureRoom(client, instanceId));
      const secret = roomSecret(deps.secret, instanceId);
      const token = randomToken();
      await janus(() => client.allowTokens(room, secret, [token]));
      const peer = await janus(() => client.openPeer());
      const feed = voiceFeed(s.id);
      let publisher: JanusPublisher;
      let privateId: number;
      try {
        publisher = await janus(() => peer.publisher());
        ({ privateId } = await janus(() =>
          publisher.join({ room, token, display: claims.username, feed }),
        ));
      } catch (err) {
        await peer.close();
        throw err;
      } finally {
        await client.disallowTokens(room, secret, [token]).catch(() => undefined);
      }
      // The socket may have gone or moved on while Janus answered.
      if (s.disconnected || service.member(s.id)?.instanceId !== instanceId) {
        await peer.close();
        throw badRequest(VoiceText.notInWorld);
      }
      const session: VoiceSession = {
        ...(await newMember(s, claims, instanceId, areas)),
        room,
        client,
        peer,
        publisher,
        privateId,
        subscriber: null,
        heard: [],
        loud: [],
        negotiating: 0,
      };
      const { entry } = session;
      sessions.set(s.id, session);
      await directory.put(instanceId, entry);
      publisher.on('trickle', (candidate) =>
        s.emit('voice:trickle', { target: 'publisher', candidate }),
      );
      publisher.on('talking', ({ feed: who, talking }) => {
        if (who !== feed || sessions.get(s.id) !== session || !session.entry.mic) return;
        io?.to(instanceId).emit('voice:speaking', { id: s.id, speaking: talking });
      });
      peer.on('closed', () => {
        if (sessions.get(s.id) === session) void leave(s.id);
      });
      const muted = (await directory.muted(instanceId)).has(claims.sub);
      return { mode: 'sfu' as const, muted, ...base };
    });

    on('voice:publish', async (s, { sdp }) => {
      const session = requireSession(s);
      if (session.claims.role === 'guest') throw forbidden(VoiceText.guestCannotSpeak);
      if (sdp.type !== 'offer') throw badRequest(VoiceText.mediaFailed);
      const { publisher } = session;
      // Listeners may subscribe once Janus has the connection up (before, it has no such feed).
      const off = publisher.on('webrtcup', () => {
        off();
        if (sessions.get(s.id) !== session) return;
        void directory.put(session.instanceId, session.entry);
      });
      const { answer, streams } = await janus(() => publisher.publish({ offer: sdp }));
      const audio = streams.find((st) => st.type === 'audio');
      if (!audio) throw badRequest(VoiceText.mediaFailed);
      session.entry.mid = audio.mid;
      // A teacher's mute holds from the first packet: the SFU drops what this page sends.
      if ((await directory.muted(session.instanceId)).has(session.claims.sub)) {
        await moderate(session.client, session.instanceId, session.entry, true);
      }
      return { sdp: answer };
    });

    on('voice:answer', async (s, { sdp }) => {
      const session = requireSession(s);
      if (sdp.type !== 'answer' || !session.subscriber) throw badRequest(VoiceText.mediaFailed);
      const subscriber = session.subscriber;
      try {
        await janus(() => subscriber.start(sdp));
      } finally {
        session.negotiating = 0;
      }
      return {};
    });

    on('voice:trickle', async (s, { target, candidate }) => {
      const session = requireSession(s);
      const handle = target === 'publisher' ? session.publisher : session.subscriber;
      if (!handle) throw badRequest(VoiceText.mediaFailed);
      await janus(() => handle.trickle(janusCandidate(candidate)));
      return {};
    });

    on('voice:mic', async (s, { on: wanted }) => {
      const session = requireMember(s);
      if (session.claims.role === 'guest') throw forbidden(VoiceText.guestCannotSpeak);
      session.entry.mic = wanted;
      await directory.put(session.instanceId, session.entry);
      if (!wanted) io?.to(session.instanceId).emit('voice:speaking', { id: s.id, speaking: false });
      return { on: wanted };
    });

    on('voice:megaphone', async (s, { on: wanted }) => {
      const session = requireMember(s);
      if (!isModerator(session.claims)) throw forbidden(VoiceText.notModerator);
      session.entry.megaphone = wanted;
      await directory.put(session.instanceId, session.entry);
      return { on: wanted };
    });

    on('voice:mute', async (s, { id, muted }) => {
      const session = requireMember(s);
      if (!isModerator(session.claims)) throw forbidden(VoiceText.notModerator);
      const target = (await directory.entries(session.instanceId)).find((e) => e.id === id);
      if (!target) throw notFound(VoiceText.unknownPerson);
      await directory.setMuted(session.instanceId, target.account, muted);
      // On Janus, the SFU drops the packets; in the mesh, the pages obey (see world.voice-mesh.ts).
      const sfu = sessions.get(s.id);
      if (sfu) await moderate(sfu.client, session.instanceId, target, muted);
      io?.to(target.id).emit('voice:muted', { muted });
      if (muted) io?.to(session.instanceId).emit('voice:speaking', { id, speaking: false });
      return {};
    });

    on('voice:signal', mesh.signal);

    on('voice:leave', async (s) => {
      await leave(s.id);
      return {};
    });

    socket.on('disconnect', () => {
      void leave(socket.id).catch((err: unknown) => log.warn({ err }, 'voice leave failed'));
    });
  };

  /** Mutes or unmutes a voice at the SFU: Janus drops its packets whatever the page sends. */
  async function moderate(
    client: JanusClient,
    instanceId: string,
    entry: VoiceEntry,
    mute: boolean,
  ) {
    if (entry.mid === null) return;
    const mid = entry.mid;
    await janus(() =>
      client.moderate({
        room: voiceRoomId(instanceId),
        secret: roomSecret(deps.secret, instanceId),
        feed: entry.feed,
        mid,
        mute,
      }),
    );
  }

  return {
    feature,
    leave,
    heardBy: (socketId) => sessions.get(socketId)?.heard,
    start(server) {
      io = server;
      timer = setInterval(() => {
        if (computing || sessions.size + mesh.members.size === 0) return;
        computing = true;
        recompute()
          .catch((err: unknown) => log.error({ err }, 'voice round failed'))
          .finally(() => {
            computing = false;
          });
      }, VoiceConstants.recomputeMs);
    },
    async stop() {
      clearInterval(timer);
      await Promise.all([...sessions.keys()].map((id) => leave(id)));
    },
  };
}
