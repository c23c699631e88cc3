// Issue 30 §2 without Janus: people near each other connect their pages straight (WebRTC), at
// most VoiceConstants.meshPeers each, as the classroom's mesh does. The server still decides who
// connects to whom (the same rules as the SFU's: distance, private areas, quiet zones, blocks)
// and relays SDP and ICE only within a pair it chose. It cannot stop packets it never sees: a
// teacher's mute is announced to the muted page and to its peers, whose pages stop playing it.
import { ClassroomText, MAX_SDP_LENGTH, VoiceText } from '@atrium/protocol';
import type { AvatarState, VoicePeer } from '@atrium/protocol';
import { badRequest, forbidden } from '../../http/errors.ts';
import type { AtriumServer, AtriumSocket, Handler } from '../../realtime/realtime.ts';
import type { VoiceDirectory, VoiceEntry } from './world.voice-directory.ts';
import { meshLinks, voicePeople } from './world.voice-rules.ts';
import type { VoiceMember } from './world.voice-subscription.ts';

/** A page in the mesh, with the peers it was last told. */
export interface MeshMember extends VoiceMember {
  peers: VoicePeer[];
}

export interface VoiceMeshDeps {
  directory: VoiceDirectory;
  io: () => AtriumServer | undefined;
  /** The member's blocks as last read (refreshed in the background). */
  blocksOf: (member: VoiceMember) => Set<string>;
}

export interface VoiceMesh {
  members: Map<string, MeshMember>;
  add(member: VoiceMember): Promise<void>;
  remove(socketId: string): MeshMember | undefined;
  /** Finds the pairs of this process's members in one instance and tells the pages what changed. */
  round(
    members: MeshMember[],
    entries: VoiceEntry[],
    muted: ReadonlySet<string>,
    states: readonly AvatarState[],
  ): void;
  signal: Handler<'voice:signal'>;
}

const samePeers = (a: readonly VoicePeer[], b: readonly VoicePeer[]) =>
  a.length === b.length &&
  a.every((p, i) => {
    const q = b[i];
    return q?.id === p.id && q.muted === p.muted && q.mic === p.mic && q.initiator === p.initiator;
  });

export function createVoiceMesh(deps: VoiceMeshDeps): VoiceMesh {
  const members = new Map<string, MeshMember>();

  const requireMember = (s: AtriumSocket): MeshMember => {
    const member = members.get(s.id);
    if (!member) throw badRequest(VoiceText.notJoined);
    return member;
  };

  return {
    members,
    async add(member) {
      members.set(member.id, { ...member, peers: [] });
      await deps.directory.put(member.instanceId, member.entry);
    },
    remove(socketId) {
      const member = members.get(socketId);
      members.delete(socketId);
      return member;
    },
    round(local, entries, muted, states) {
      if (local.length === 0) return;
      const people = voicePeople(entries, new Map(states.map((s) => [s.id, s])), muted);
      const entryOf = new Map(entries.map((e) => [e.id, e]));
      const byId = new Map(local.map((m) => [m.id, m]));
      const areas = local[0]?.areas ?? [];
      const links = meshLinks(
        local.map((m) => m.id),
        people,
        areas,
        (id) => {
          const member = byId.get(id);
          return member ? deps.blocksOf(member) : undefined;
        },
      );
      for (const member of local) {
        const peers = (links.get(member.id) ?? []).map((id) => ({
          id,
          initiator: member.id < id,
          mic: entryOf.get(id)?.mic ?? false,
          muted: muted.has(entryOf.get(id)?.account ?? ''),
        }));
        if (samePeers(peers, member.peers)) continue;
        member.peers = peers;
        member.socket.emit('voice:peers', { peers });
      }
    },
    signal: (s, { to, description, candidate }) => {
      const member = requireMember(s);
      if (!description && !candidate) throw badRequest(ClassroomText.signalEmpty);
      if (description && description.sdp.length > MAX_SDP_LENGTH) {
        throw badRequest(ClassroomText.sdpTooLarge);
      }
      // Only within a pair this process chose: a page cannot reach anyone else.
      if (!member.peers.some((p) => p.id === to)) throw forbidden(VoiceText.notPeer);
      deps
        .io()
        ?.to(to)
        .emit('voice:signal', {
          from: member.id,
          ...(description ? { description } : {}),
          ...(candidate ? { candidate } : {}),
        });
      return Promise.resolve({});
    },
  };
}
