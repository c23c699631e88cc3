// The classrooms and calls themselves: which rooms exist, the spec's words, the limits. What the
// classroom's signalling carries (tokens, flags, participants, SDP, hands) is in
// classroom-signalling.ts, so that a page that only names a room does not load every schema.
import { z } from 'zod';
import { AuthText } from './auth.ts';

/** SPEC §9: the classrooms that exist from the start. */
export const CLASSROOM_ROOMS = ['room-1', 'room-2', 'room-3'] as const;
export const ClassroomRoomSchema = z.enum(CLASSROOM_ROOMS);
export type ClassroomRoom = z.infer<typeof ClassroomRoomSchema>;
export const isClassroomRoom = (channel: string): channel is ClassroomRoom =>
  (CLASSROOM_ROOMS as readonly string[]).includes(channel);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * A call's own video room (issue 16, SPEC §4): the caller's id, or `callerId_accepterId` for a
 * friend call. The server made it on acceptance; only the people it admitted may join.
 */
export const CALL_CHANNEL_PATTERN = new RegExp(`^${UUID}(?:_${UUID})?$`);
export const isCallChannel = (channel: string): boolean => CALL_CHANNEL_PATTERN.test(channel);
/** Any video room: a classroom (room-1..3) or a call's room. */
export const VideoChannelSchema = z.union([
  ClassroomRoomSchema,
  z.string().regex(CALL_CHANNEL_PATTERN),
  // A class's breakout group (issue 28 §4): `room-1-g2`.
  z.string().regex(/^room-[1-3]-g(10|[1-9])$/),
]);
export type VideoChannel = ClassroomRoom | (string & {});

/**
 * The largest SDP the classroom signalling takes, in characters. A socket message may weigh at
 * most 64 KiB (`MAX_SOCKET_MESSAGE_BYTES`), and a larger one closes the connection before any
 * handler can answer; the SDP cap sits below it so that an oversized SDP gets a clear refusal.
 */
export const MAX_SDP_LENGTH = 32 * 1024;

/** Without Janus a classroom is a WebRTC mesh: at most this many people per room. */
export const MAX_MESH_PEOPLE = 4;

/** How long a video token (SPEC §7) is valid, in seconds. */
export const VIDEO_TOKEN_TTL_S = 10 * 60;

/** The classroom's user-facing texts: SPEC §2, §5 and §8 letter for letter, and our own refusals. */
export const ClassroomText = {
  /** SPEC §5: conference join without an account. */
  registerRequired: AuthText.registerRequired,
  /** SPEC §2: the device settings modal's title. */
  chooseDevices: 'Choose the Camera and Microphone',
  /** SPEC §2: the error modal when neither camera nor microphone can be used. */
  devicesRequired: 'This meeting requires camera and microphone to be enabled',
  /** SPEC §8: switching devices. */
  switchCameraSuccess: 'Switch camera success',
  switchCameraFail:
    'Switch camera fail! Seems like the camera is being used by some other application.',
  switchMicrophoneSuccess: 'Switch microphone success',
  switchMicrophoneFail: 'Switch microphone fail!',
  /** SPEC §8: "a failed global mute update is an error toast" (its words are ours). */
  globalMuteUpdateFailed: 'Could not update the global mute setting.',
  unknownRoom: 'This classroom does not exist.',
  /** A call's room refuses whoever the call did not admit (the caller, the accepter, invitees). */
  notInCall: 'You are not part of this call.',
  invalidUid: 'The uid must be 1 to 64 letters, digits, dashes or underscores.',
  hostsOnly: 'Only teachers and admins can do this.',
  hostNotModerated: 'Teachers and admins cannot be muted.',
  notInRoom: 'Join the classroom first.',
  notYourParticipant: 'That participant is not yours.',
  unknownParticipant: 'There is no such participant in this classroom.',
  notPublishing: 'Publish your camera and microphone first.',
  sdpTooLarge: `The session description is too large (at most ${MAX_SDP_LENGTH} characters).`,
  screenShareTaken: 'Someone else is already sharing the screen.',
  mediaUnavailable: 'The classroom media server is not available right now.',
  mediaFailed: 'The media server refused the request.',
  subscribeFirst: 'Subscribe to a participant first.',
  wrongSdpType: (type: 'offer' | 'answer') => `An SDP ${type} is expected here.`,
  meshFull: `This classroom is full without the media server (at most ${MAX_MESH_PEOPLE} people).`,
  meshOnly: 'Direct signalling is only used without the media server.',
  signalSelf: 'You cannot signal yourself.',
  signalEmpty: 'A signal carries a session description or an ICE candidate.',
  /** A teacher's "Stop share" on someone who is not sharing. */
  notSharing: 'That participant is not sharing the screen.',
  /** Issue 28: hands are a class's, not a call's. */
  noHandsInCall: 'Hands are raised in a class, not in a call.',
  /** Issue 28: a student lowers only their own hand. */
  lowerOwnHand: 'Only teachers and admins can lower someone else’s hand.',
} as const;

// Issue 28 §4: a breakout group's channel. Here, not in classroom-groups.ts, so that the home
// route's bundle (the room socket's and the panel's checks) takes these lines and not the groups'
// schemas (zod calls are not tree-shaken).
/** A group's own video room: `room-1-g2` is group 2 of room-1. */
export const GROUP_CHANNEL_PATTERN = /^(room-[1-3])-g(10|[1-9])$/;
export const groupChannel = (room: ClassroomRoom, group: number): string => `${room}-g${group}`;
/** The class and group of a group's channel, or null for any other channel. */
export function parseGroupChannel(channel: string): { room: ClassroomRoom; group: number } | null {
  const match = GROUP_CHANNEL_PATTERN.exec(channel);
  if (!match) return null;
  return { room: match[1] as ClassroomRoom, group: Number(match[2]) };
}
export const isGroupChannel = (channel: string): boolean => GROUP_CHANNEL_PATTERN.test(channel);
