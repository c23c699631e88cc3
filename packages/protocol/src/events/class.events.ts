import { z } from 'zod';
import {
  ClassChannelMessageSchema,
  ClassHandsSchema,
  ClassLowerHandSchema,
  ClassJoinAckSchema,
  ClassJoinSchema,
  ClassModerateSchema,
  ClassMuteAllSchema,
  ClassParticipantSchema,
  ClassPublishSchema,
  ClassShareSchema,
  ClassStopShareSchema,
  ClassRemoveSchema,
  MediaStateSchema,
  ClassSignalReceivedSchema,
  ClassSignalSchema,
  ClassStartSchema,
  ClassVideoSchema,
  ClassViewSchema,
  ClassSubscribeAckSchema,
  ClassSubscribeSchema,
  ClassTrickleSchema,
  GlobalMuteConfigSchema,
  IceCandidateSchema,
  ParticipantAttributesSchema,
  ParticipantIdSchema,
  SessionDescriptionSchema,
} from '../classroom-signalling.ts';
import {
  ClassPollCreateSchema,
  ClassPollIdSchema,
  ClassPollStateSchema,
  ClassPollViewSchema,
  ClassPollVoteSchema,
} from '../classroom-polls.ts';
import {
  ClassGroupChooseSchema,
  ClassGroupMessageSchema,
  ClassGroupSpeakSchema,
  ClassGroupSpeakingSchema,
  ClassGroupMoveSchema,
  ClassGroupNoticeSchema,
  ClassGroupPlanSchema,
  ClassGroupRoomSchema,
  ClassGroupsSchema,
  ClassGroupUserSchema,
} from '../classroom-groups.ts';
import {
  ClassLobbyPersonSchema,
  ClassLobbySchema,
  ClassLobbyVerdictSchema,
  ClassPolicySchema,
  ClassWaitingSchema,
} from '../classroom-lobby.ts';
import type { DomainEvents } from './event-spec.ts';

/** The live classroom's signalling: the browser sends only SDP and ICE; the server runs Janus. */
export const classClientEvents = {
  /** In the class, or (issue 28: a student, with `ask`) waiting in its lobby. */
  'class:join': {
    payload: ClassJoinSchema,
    ack: z.union([ClassJoinAckSchema, ClassWaitingSchema]),
  },
  'class:publish': {
    payload: ClassPublishSchema,
    ack: z.object({ sdp: SessionDescriptionSchema }),
  },
  'class:subscribe': {
    payload: ClassSubscribeSchema,
    ack: ClassSubscribeAckSchema,
  },
  'class:start': { payload: ClassStartSchema, ack: z.object({}) },
  /** Issue 28 §6: which cameras this viewer shows; the answer is what Janus forwards. */
  'class:view': { payload: ClassViewSchema, ack: ClassVideoSchema },
  'class:trickle': { payload: ClassTrickleSchema, ack: z.object({}) },
  'class:leave': { payload: z.strictObject({}), ack: z.object({}) },
  'class:moderate': { payload: ClassModerateSchema, ack: z.object({}) },
  'class:mute-all': { payload: ClassMuteAllSchema, ack: GlobalMuteConfigSchema },
  'class:share': { payload: ClassShareSchema, ack: z.object({}) },
  /** A teacher or admin ends one participant's screen share. */
  'class:stop-share': { payload: ClassStopShareSchema, ack: z.object({}) },
  /** What this person's browser really sends now (their own switches). */
  'class:sending': { payload: MediaStateSchema, ack: z.object({}) },
  /** Mesh mode: relays an SDP or ICE candidate to one participant of the same room. */
  'class:signal': { payload: ClassSignalSchema, ack: z.object({}) },
  /** Issue 28: raises this person's hand (again: it keeps its place). */
  'class:hand:raise': { payload: z.strictObject({}), ack: ClassHandsSchema },
  /** Lowers one's own hand; teachers and admins may name someone else's. */
  'class:hand:lower': { payload: ClassLowerHandSchema, ack: ClassHandsSchema },
  /** Teachers and admins: every hand down. */
  'class:hand:lower-all': { payload: z.strictObject({}), ack: ClassHandsSchema },
  /** Issue 28 §3, teachers and admins: opens a poll in their class (one open at a time). */
  'class:poll:create': { payload: ClassPollCreateSchema, ack: ClassPollViewSchema },
  /** A student answers the class's open poll, or changes their answer while it is open. */
  'class:poll:vote': { payload: ClassPollVoteSchema, ack: ClassPollViewSchema },
  /** Teachers and admins: closes the open poll. */
  'class:poll:close': { payload: ClassPollIdSchema, ack: ClassPollViewSchema },
  /** Teachers and admins: shows a closed poll's results to the class. */
  'class:poll:show': { payload: ClassPollIdSchema, ack: ClassPollViewSchema },
  /** The class's poll as this person may see it (after every join and rejoin). */
  'class:poll:current': { payload: z.strictObject({}), ack: ClassPollStateSchema },
  /** Issue 28 §1, teachers and admins: a class's entry policy, from in or outside the class. */
  'class:lobby:policy': { payload: ClassPolicySchema, ack: ClassLobbySchema },
  /** Teachers and admins in the class: let one waiting person in, or not, or everyone in. */
  'class:lobby:admit': { payload: ClassLobbyPersonSchema, ack: ClassLobbySchema },
  'class:lobby:deny': { payload: ClassLobbyPersonSchema, ack: ClassLobbySchema },
  'class:lobby:admit-all': { payload: z.strictObject({}), ack: ClassLobbySchema },
  /** Teachers and admins: takes a participant out of the class; a rejoin waits in the lobby. */
  'class:remove': { payload: ClassRemoveSchema, ack: z.object({}) },
  /** Issue 28 §4, hosts: a class's groups plan (before or during class). */
  'class:group:plan': { payload: ClassGroupPlanSchema, ack: ClassGroupsSchema },
  /** A class's groups as they stand (anyone with an account who may see the class). */
  'class:group:state': { payload: ClassGroupRoomSchema, ack: ClassGroupsSchema },
  /** Hosts in the class: everyone into their groups, by the plan. */
  'class:group:open': { payload: z.strictObject({}), ack: ClassGroupsSchema },
  /** Hosts in the class: everyone back, after the 30 s warning. */
  'class:group:close': { payload: z.strictObject({}), ack: ClassGroupsSchema },
  /** Hosts: moves one student to another group. */
  'class:group:move': { payload: ClassGroupMoveSchema, ack: ClassGroupsSchema },
  /** A student picks their group, when the teacher lets them choose. */
  'class:group:choose': { payload: ClassGroupChooseSchema, ack: ClassGroupsSchema },
  /** Hosts: a message to every group at once. */
  'class:group:message': { payload: ClassGroupMessageSchema, ack: z.object({}) },
  /** A student in a group: Call the teacher. Hosts answer it (the call clears). */
  'class:group:call': { payload: z.strictObject({}), ack: ClassGroupsSchema },
  'class:group:answer': { payload: ClassGroupUserSchema, ack: ClassGroupsSchema },
  /** A student in a group: their microphone crossed the speaking mark (either way). */
  'class:group:speak': { payload: ClassGroupSpeakSchema, ack: z.object({}) },
  /** Teachers and admins: End class (everyone leaves, the class record is finalised). */
  'class:end': { payload: z.strictObject({}), ack: z.object({}) },
} as const satisfies DomainEvents<'class'>;

export const classServerEvents = {
  'class:joined': { payload: ClassParticipantSchema },
  'class:left': { payload: z.object({ id: ParticipantIdSchema }) },
  /** A participant started publishing: subscribe to `id`. */
  'class:published': { payload: z.object({ id: ParticipantIdSchema }) },
  'class:attributes': {
    payload: z.object({
      id: ParticipantIdSchema,
      attributes: ParticipantAttributesSchema,
      sending: MediaStateSchema,
    }),
  },
  'class:flags': { payload: GlobalMuteConfigSchema },
  /** The raised hands changed: all of them, in the order raised. */
  'class:hands': { payload: ClassHandsSchema },
  /** The class's poll changed (opened, answered, closed, shown), as this person may see it. */
  'class:poll': { payload: ClassPollStateSchema },
  /** Issue 28 §1, to the class's teachers and admins: the entry policy and who waits. */
  'class:lobby': { payload: ClassLobbySchema },
  /** To a waiting person: they may come in (their page joins again). */
  'class:lobby:admitted': { payload: ClassLobbyVerdictSchema },
  /** To a waiting person: the teacher did not let them in. */
  'class:lobby:denied': { payload: ClassLobbyVerdictSchema },
  /** To a removed participant: they are out of the class (the server has let go already). */
  'class:removed': { payload: ClassLobbyVerdictSchema },
  /** Issue 28 §4: the class's groups changed (open, closing, closed, moves, calls). */
  'class:groups': { payload: ClassGroupsSchema },
  /** A teacher's message to every group. */
  'class:group:notice': { payload: ClassGroupNoticeSchema },
  /** Who speaks in a group (for the teacher's overview; any page may ignore it). */
  'class:group:speaking': { payload: ClassGroupSpeakingSchema },
  /**
   * To a student still outside their group (in `room`) past CLASS_GROUP_STRAY_S: the server has
   * taken them out of it; their page goes to its group.
   */
  'class:group:stray': { payload: ClassLobbyVerdictSchema },
  /** Issue 28 §5: a teacher ended the class; everyone is out and the record is final. */
  'class:ended': { payload: ClassLobbyVerdictSchema },
  /**
   * Issue 28 §6: the Janus carrying this person's room went away. The server has let go of
   * their session; their page joins `room` again, and lands on a Janus that is up.
   */
  'class:media-moved': { payload: ClassLobbyVerdictSchema },
  /** SPEC §3 channel messages: mute-all and allow-all. */
  'class:message': { payload: ClassChannelMessageSchema },
  /** An ICE candidate from Janus for this person's publisher or subscriber connection. */
  'class:trickle': {
    payload: z.object({
      target: z.enum(['publisher', 'subscriber']),
      candidate: IceCandidateSchema,
    }),
  },
  /** Mesh mode: a relayed SDP or ICE candidate; `from` is set by the server. */
  'class:signal': { payload: ClassSignalReceivedSchema },
  /**
   * Janus changed this person's subscription by itself (a publisher left): a new offer to answer
   * with `class:start`. Until it is answered Janus holds every other subscription change.
   */
  'class:renegotiate': { payload: ClassSubscribeAckSchema },
  /** The cameras Janus forwards to this viewer changed (someone joined, left or took the floor). */
  'class:video': { payload: ClassVideoSchema },
} as const satisfies DomainEvents<'class'>;
