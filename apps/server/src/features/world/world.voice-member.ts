// Issue 30 §2: a socket's place in the voice, the same on Janus and in the mesh: its entry in the
// directory and its blocks, read before its first round and then again in the background.
import type { FastifyBaseLogger } from 'fastify';
import type { AtriumSocket } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import type { VoiceMember } from './world.voice-subscription.ts';
import { voiceFeed } from './world.voice-subscription.ts';

/** How long a listener's blocks are kept before they are read again. */
const BLOCKS_TTL_MS = 10_000;

export const isModerator = (claims: AuthClaims) =>
  claims.role === 'teacher' || claims.role === 'admin';

export function voiceMembers(
  blockedEither: (userId: string) => Promise<string[]>,
  log: FastifyBaseLogger,
) {
  /**
   * The listener's blocks as last read; read again in the background every BLOCKS_TTL_MS, so a
   * round never waits on the database (hundreds of listeners who joined together refresh at once).
   */
  function blocksOf(session: VoiceMember): Set<string> {
    if (session.claims.role === 'guest') return session.blocked;
    if (Date.now() - session.blockedAt >= BLOCKS_TTL_MS) {
      session.blockedAt = Date.now();
      blockedEither(session.claims.sub).then(
        (ids) => {
          session.blocked = new Set(ids);
        },
        (err: unknown) => log.warn({ err }, 'voice blocks not read'),
      );
    }
    return session.blocked;
  }

  /** A new member's entry, and its blocks read before the first round. */
  const newMember = async (
    s: AtriumSocket,
    claims: AuthClaims,
    instanceId: string,
    areas: VoiceMember['areas'],
  ): Promise<VoiceMember> => ({
    socket: s,
    id: s.id,
    claims,
    instanceId,
    areas,
    entry: {
      id: s.id,
      account: claims.sub,
      feed: voiceFeed(s.id),
      mid: null,
      mic: false,
      moderator: isModerator(claims),
      megaphone: false,
    },
    // A blocked pair must not hear each other even once.
    blocked: new Set(claims.role === 'guest' ? [] : await blockedEither(claims.sub)),
    blockedAt: Date.now(),
    mutes: '',
  });

  return { blocksOf, newMember };
}
