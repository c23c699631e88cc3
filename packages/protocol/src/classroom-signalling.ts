// The classroom's signalling and settings on the wire (issue 14 onwards): video tokens, global mute
// flags, participants, SDP and ICE, hands and the join's answer. The rooms and texts themselves
// are in classroom.ts.
import { z } from 'zod';
import { ClassLobbySchema, EntryPolicySchema } from './classroom-lobby.ts';
import { ClassroomRoomSchema, VideoChannelSchema } from './classroom.ts';
import { okEnvelope } from './envelope.ts';
import { lineText } from './text.ts';

/** SPEC §7: the video token response; on failure both are empty. */
export const VideoTokensSchema = z
  .object({
    status: z.boolean(),
    message: z.string().optional(),
    rtcToken: z.string(),
    rtmToken: z.string(),
  })
  .meta({ id: 'VideoTokens' });
export type VideoTokens = z.infer<typeof VideoTokensSchema>;

/** Loose on purpose: an unknown channel or uid answers empty tokens, as the spec says. */
export const VideoTokenParamsSchema = z.strictObject({
  channel: z.string().max(200),
  uid: z.string().max(200),
});

export const VIDEO_UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** SPEC §3: global settings per channel. */
export const GLOBAL_MUTE_KEYS = ['global_mute_audio_config', 'global_mute_video_config'] as const;
export const GlobalMuteKeySchema = z.enum(GLOBAL_MUTE_KEYS);
export type GlobalMuteKey = z.infer<typeof GlobalMuteKeySchema>;

export const GlobalMuteConfigSchema = z
  .object({ global_mute_audio_config: z.boolean(), global_mute_video_config: z.boolean() })
  .meta({ id: 'GlobalMuteConfig' });
export type GlobalMuteConfig = z.infer<typeof GlobalMuteConfigSchema>;
export const GlobalMuteConfigResponseSchema = okEnvelope(GlobalMuteConfigSchema);

export const ChannelParamsSchema = z.strictObject({ channel: ClassroomRoomSchema });
export const GlobalMuteParamsSchema = z.strictObject({
  channel: ClassroomRoomSchema,
  key: GlobalMuteKeySchema,
});
export const GlobalMuteUpdateSchema = z.strictObject({ value: z.boolean() });

/** SPEC §3: remote participant attributes (`shareScreen` is the string "true" or "false"). */
export const ParticipantAttributesSchema = z.object({
  name: z.string(),
  shareScreen: z.enum(['true', 'false']),
  isUnmutedAudioProhibited: z.boolean(),
  isUnmutedVideoProhibited: z.boolean(),
});
export type ParticipantAttributes = z.infer<typeof ParticipantAttributesSchema>;

/**
 * What a participant really sends (issue 27): their own microphone and camera switches, as their
 * browser reports them, and off while a teacher prohibits it (the SFU drops it then). The tiles'
 * badges and camera-off pictures come from this, never from the permission alone.
 */
export const MediaStateSchema = z.strictObject({ audio: z.boolean(), video: z.boolean() });
export type MediaState = z.infer<typeof MediaStateSchema>;

/** A participant id: Janus's feed id of that person's publisher. */
export const ParticipantIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ClassParticipantSchema = z.object({
  id: ParticipantIdSchema,
  userId: z.string(),
  role: z.enum(['admin', 'teacher', 'member']),
  publishing: z.boolean(),
  attributes: ParticipantAttributesSchema,
  sending: MediaStateSchema,
});
export type ClassParticipant = z.infer<typeof ClassParticipantSchema>;

/**
 * An SDP offer or answer. Its length is checked by the server against MAX_SDP_LENGTH, so that an
 * oversized one gets `ClassroomText.sdpTooLarge` rather than the generic invalid payload.
 */
export const SessionDescriptionSchema = z.strictObject({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().min(1),
});
export type SessionDescription = z.infer<typeof SessionDescriptionSchema>;

/** An ICE server for the browser's RTCPeerConnection (TURN with short-lived credentials). */
export const IceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServerSchema>;

export const ClassJoinSchema = z.strictObject({ room: lineText().max(128) });
/**
 * A raised hand (issue 28): whose, and when it went up (ms since the epoch, the server's clock).
 * A hand belongs to the person, not their connection: it stays up through a reconnect.
 */
export const RaisedHandSchema = z.object({
  userId: z.string(),
  name: z.string(),
  raisedAt: z.number(),
});
export type RaisedHand = z.infer<typeof RaisedHandSchema>;
export const ClassHandsSchema = z.object({ hands: z.array(RaisedHandSchema) });

export const ClassJoinAckSchema = z.object({
  room: VideoChannelSchema,
  id: ParticipantIdSchema,
  host: z.boolean(),
  attributes: ParticipantAttributesSchema,
  participants: z.array(ClassParticipantSchema),
  flags: GlobalMuteConfigSchema,
  /** `sfu`: Janus carries the media; `mesh`: the browsers connect to each other (at most 4). */
  mode: z.enum(['sfu', 'mesh']),
  /** Whether the server enforces mutes on the media (Janus); in mesh mode only clients obey. */
  enforced: z.boolean(),
  /** ICE servers for this person's connections: TURN when `TURN_URLS` is set, else none. */
  iceServers: z.array(IceServerSchema),
  /**
   * How long the class has run, in ms: since the first of those now in it joined. Everyone's clock
   * counts from here (a duration, so no two machines' clocks need agree).
   */
  elapsedMs: z.number().int().nonnegative(),
  /** The raised hands, in the order raised (issue 28). */
  hands: z.array(RaisedHandSchema),
  /** This person's account id (their own tile's, and their hand's). */
  userId: z.string(),
  /** Issue 28: `ask` sends students to the lobby first (a call's room is always `open`). */
  entryPolicy: EntryPolicySchema,
  /** Teachers and admins in a class: the lobby as it stands (null for students and calls). */
  lobby: ClassLobbySchema.nullable(),
});
export type ClassJoinAck = z.infer<typeof ClassJoinAckSchema>;

/** `class:hand:lower`: one's own hand, or (teachers and admins) someone else's by account id. */
export const ClassLowerHandSchema = z.strictObject({ userId: z.uuid().optional() });

export const ClassPublishSchema = z.strictObject({
  participant: ParticipantIdSchema,
  sdp: SessionDescriptionSchema,
});
export const ClassSubscribeSchema = z.strictObject({ feed: ParticipantIdSchema });
/**
 * Janus's offer for this person's one subscriber connection, and which participant each of its
 * m-lines (by `mid`) carries, so the browser can put each remote track on the right tile.
 */
export const ClassSubscribeAckSchema = z.object({
  sdp: SessionDescriptionSchema,
  streams: z.array(
    z.object({
      mid: z.string(),
      type: z.enum(['audio', 'video', 'data']),
      feed: ParticipantIdSchema.optional(),
      /** This m-line carries the feed's screen share, not its camera. */
      screen: z.boolean().optional(),
    }),
  ),
});
export type ClassSubscribeAck = z.infer<typeof ClassSubscribeAckSchema>;
export const ClassStartSchema = z.strictObject({ sdp: SessionDescriptionSchema });

/** Issue 28 §6: at most this many feeds in a `class:view` (a class is at most 50 publishers). */
export const MAX_VIEW_FEEDS = 64;
/** At most this many tiles may ask for the high simulcast layer at once. */
export const MAX_LARGE_TILES = 4;
/**
 * Which cameras this viewer shows (issue 28 §6, last-N): `feeds` most wanted first (the speaker,
 * then the grid's visible tiles), `large` those drawn big enough for the high layer. The server
 * forwards the teachers' and at most CLASS_LAST_N cameras in all, and drops the rest at Janus.
 */
export const ClassViewSchema = z.strictObject({
  feeds: z.array(ParticipantIdSchema).max(MAX_VIEW_FEEDS),
  large: z.array(ParticipantIdSchema).max(MAX_LARGE_TILES).default([]),
});
export type ClassView = z.infer<typeof ClassViewSchema>;
/** The cameras Janus forwards to this viewer now; every other camera tile shows as paused. */
export const ClassVideoSchema = z.object({ feeds: z.array(ParticipantIdSchema) });
export type ClassVideo = z.infer<typeof ClassVideoSchema>;

export const IceCandidateSchema = z.union([
  z.strictObject({
    candidate: lineText().max(1024),
    sdpMid: lineText().max(64).nullish(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  }),
  z.strictObject({ completed: z.literal(true) }),
]);
export const ClassTrickleSchema = z.strictObject({
  participant: ParticipantIdSchema,
  target: z.enum(['publisher', 'subscriber']),
  candidate: IceCandidateSchema,
});

/** Mesh mode: an SDP or ICE candidate for one other participant, relayed by the server. */
export const ClassSignalSchema = z.strictObject({
  to: ParticipantIdSchema,
  description: SessionDescriptionSchema.optional(),
  candidate: IceCandidateSchema.optional(),
});
export const ClassSignalReceivedSchema = z.object({
  from: ParticipantIdSchema,
  description: SessionDescriptionSchema.optional(),
  candidate: IceCandidateSchema.optional(),
});

export const MediaKindSchema = z.enum(['audio', 'video']);
export type MediaKind = z.infer<typeof MediaKindSchema>;
export const ClassModerateSchema = z.strictObject({
  target: ParticipantIdSchema,
  kind: MediaKindSchema,
  mute: z.boolean(),
});
export const ClassMuteAllSchema = z.strictObject({ kind: MediaKindSchema, mute: z.boolean() });
export const ClassShareSchema = z.strictObject({ on: z.boolean() });
/** A teacher ends someone's screen share (the camera mute never touches a share). */
export const ClassStopShareSchema = z.strictObject({ target: ParticipantIdSchema });
/** A teacher removes a participant from the class (issue 28). */
export const ClassRemoveSchema = z.strictObject({ target: ParticipantIdSchema });

/**
 * The order of a publisher's m-lines: the microphone, the camera, then the screen share, each its
 * own stream, so a teacher's camera mute at the SFU never freezes a share.
 */
export const PUBLISH_LINES = ['audio', 'camera', 'screen'] as const;

/** SPEC §3: the channel chat message types a mute-all or allow-all sends. */
export const ClassChannelMessageSchema = z.object({
  type: z.enum([
    'chat',
    'mute-audio-all',
    'allow-permission-unmute-audio',
    'mute-video-all',
    'allow-permission-unmute-video',
  ]),
  message: z.string(),
  displayName: z.string(),
});
export type ClassChannelMessage = z.infer<typeof ClassChannelMessageSchema>;
