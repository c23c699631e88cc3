// Issue 30 §2: proximity voice in the world. People near each other hear each other through our
// Janus; the server, not the page, decides whose voice reaches whom (distance, private areas,
// quiet zones, the stage, blocks, moderation). The areas are data in the world's layout.
import { z } from 'zod';
import {
  IceCandidateSchema,
  IceServerSchema,
  SessionDescriptionSchema,
} from './classroom-signalling.ts';

export const VoiceConstants = {
  /** Metres within which a voice is heard at all. */
  hearingRange: 15,
  /** Metres within which a voice is at full volume (the panner's reference distance). */
  fullVolumeRange: 2,
  /** Most voices one listener receives at once, nearest first (a stage voice before them). */
  maxStreams: 10,
  /** How often the server finds each listener's voices again, ms. */
  recomputeMs: 300,
  /** Most publishers in one world instance's voice room. */
  roomPublishers: 2000,
  /** What one voice may send, bits per second (Opus voice needs 24–40 kbit/s). */
  bitrate: 48_000,
} as const;

/**
 * An area of a world's map with its own voice rule:
 * - `private`: everyone inside hears each other, nobody outside hears them, and inside you hear
 *   only those inside (a table, a meeting room);
 * - `quiet`: nobody publishes, and inside you hear only the stage (the gallery hall);
 * - `stage`: a teacher or admin standing on it is heard by everyone in the instance.
 */
export interface VoiceArea {
  id: string;
  kind: 'private' | 'quiet' | 'stage';
  label: string;
  minX: number;
  minZ: number;
  maxX: number;
  maxZ: number;
}

/** The area of `areas` that holds the point, if any (the first listed wins). */
export function voiceAreaAt(
  areas: readonly VoiceArea[],
  x: number,
  z: number,
): VoiceArea | undefined {
  return areas.find((a) => x >= a.minX && x <= a.maxX && z >= a.minZ && z <= a.maxZ);
}

export const VoiceText = {
  micOn: 'Microphone on',
  micOff: 'Microphone off',
  turnMicOn: 'Turn your microphone on',
  turnMicOff: 'Turn your microphone off',
  headphonesHint: 'People near you hear you. Headphones stop an echo.',
  guestCannotSpeak: 'Guests can listen but cannot speak. Sign in to talk.',
  unavailable: 'Voice is not available on this server.',
  mediaFailed: 'Voice could not connect.',
  notJoined: 'Join the voice first.',
  notInWorld: 'Join a world first.',
  micBlocked: 'Your browser did not allow the microphone.',
  quietZone: 'This is a quiet zone: nobody is heard here.',
  mutedByModerator: 'A teacher muted your microphone.',
  unmutedByModerator: 'A teacher let you speak again.',
  notModerator: 'Only teachers and admins can do this.',
  unknownPerson: 'That person is not in the voice.',
  megaphoneOn: 'Megaphone on: everyone here hears you',
  megaphoneOff: 'Megaphone',
  privateArea: (label: string) => `${label}: only people here hear you.`,
  stage: 'On stage: everyone here hears you.',
  hearing: (n: number) => (n === 1 ? 'You hear 1 person' : `You hear ${n} people`),
} as const;

export const VoiceJoinAckSchema = z.object({
  /** `sfu`: Janus carries the voices; `off`: no media server, so no voice. */
  mode: z.enum(['sfu', 'off']),
  /** Guests listen only. */
  canSpeak: z.boolean(),
  /** Teachers and admins: the megaphone and muting others. */
  moderator: z.boolean(),
  /** Already muted by a teacher in this instance. */
  muted: z.boolean(),
  iceServers: z.array(IceServerSchema),
});
export type VoiceJoinAck = z.infer<typeof VoiceJoinAckSchema>;

export const VoicePublishSchema = z.strictObject({ sdp: SessionDescriptionSchema });
export const VoiceAnswerSchema = z.strictObject({ sdp: SessionDescriptionSchema });
export const VoiceTrickleSchema = z.strictObject({
  target: z.enum(['publisher', 'subscriber']),
  candidate: IceCandidateSchema,
});
export const VoiceMicSchema = z.strictObject({ on: z.boolean() });
export const VoiceMuteSchema = z.strictObject({
  /** The avatar id (`AvatarState.id`) of the person to mute or let speak. */
  id: z.string().min(1).max(64),
  muted: z.boolean(),
});

/** One received voice: the subscription's m-line and whose avatar it comes from. */
export const VoiceStreamSchema = z.object({ mid: z.string(), id: z.string() });
/** The server's new offer for the listener's one receiving connection (the voices changed). */
export const VoiceOfferSchema = z.object({
  sdp: SessionDescriptionSchema,
  streams: z.array(VoiceStreamSchema),
});
export type VoiceOffer = z.infer<typeof VoiceOfferSchema>;
