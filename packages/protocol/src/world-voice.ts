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
  /**
   * Without Janus, each page connects straight to at most this many people near it (the
   * classroom mesh's limit): every voice is sent once per listener, from the speaker's uplink.
   */
  meshPeers: 4,
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
  /** The stage without Janus: a page can send its voice to only a few others straight. */
  stageMesh: `On stage, but without the media server only the ${VoiceConstants.meshPeers} people nearest you hear you.`,
  hearing: (n: number) => (n === 1 ? 'You hear 1 person' : `You hear ${n} people`),
  mesh: 'Voice goes straight between browsers here: you hear up to 4 people nearest you.',
  notPeer: 'That person is not connected to you.',
} as const;

export const VoiceJoinAckSchema = z.object({
  /**
   * `sfu`: Janus carries the voices; `mesh`: no media server, so pages near each other connect
   * straight (at most VoiceConstants.meshPeers); `off`: no voice.
   */
  mode: z.enum(['sfu', 'mesh', 'off']),
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

/** Without Janus: a person this page connects to straight (the server chose the pair). */
export const VoicePeerSchema = z.object({
  /** Their avatar id. */
  id: z.string(),
  /** This page makes the offer (the pair's lower avatar id does). */
  initiator: z.boolean(),
  /** Their microphone is on: the page plays them (and counts them as heard). */
  mic: z.boolean(),
  /** Muted by a teacher: the page does not play them. */
  muted: z.boolean(),
});
export type VoicePeer = z.infer<typeof VoicePeerSchema>;

/** SDP or ICE for a mesh peer, relayed by the server only between a pair it chose. */
export const VoiceSignalSchema = z.strictObject({
  to: z.string().min(1).max(64),
  description: SessionDescriptionSchema.optional(),
  candidate: IceCandidateSchema.optional(),
});
export const VoiceSignalReceivedSchema = z.object({
  from: z.string(),
  description: SessionDescriptionSchema.optional(),
  candidate: IceCandidateSchema.optional(),
});
