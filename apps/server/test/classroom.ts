// Test support for the classroom: what Janus itself says about a classroom's room.
import { randomUUID } from 'node:crypto';
import type { ClassroomRoom } from '@atrium/protocol';
import { janusRoomId, janusRoomSecret } from '../src/features/classroom/classroom.sfu.ts';
import type { JanusClient } from '../src/media/janus/index.ts';

/**
 * The moderated mids per feed, as Janus lists them to someone joining the room now (`secret` is
 * the server secret the classroom's room secrets derive from).
 */
export async function moderatedIn(
  client: JanusClient,
  secret: string,
  channel: ClassroomRoom,
): Promise<Record<number, string[]>> {
  const room = janusRoomId(channel);
  const roomSecret = janusRoomSecret(secret, channel);
  const token = randomUUID();
  await client.allowTokens(room, roomSecret, [token]);
  const peer = await client.openPeer();
  try {
    const { publishers } = await (await peer.publisher()).join({ room, token });
    return Object.fromEntries(
      publishers.map((p) => [p.feed, p.streams.filter((s) => s.moderated).map((s) => s.mid)]),
    );
  } finally {
    await peer.close();
    await client.disallowTokens(room, roomSecret, [token]);
  }
}
