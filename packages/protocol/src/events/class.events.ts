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
  MediaStateSchema,
  ClassSignalReceivedSchema,
  ClassSignalSchema,
  ClassStartSchema,
  ClassSubscribeAckSchema,
  ClassSubscribeSchema,
  ClassTrickleSchema,
  GlobalMuteConfigSchema,
  IceCandidateSchema,
  ParticipantAttributesSchema,
  ParticipantIdSchema,
  SessionDescriptionSchema,
} from '../classroom.ts';
import type { DomainEvents } from './event-spec.ts';

/** The live classroom's signalling: the browser sends only SDP and ICE; the server runs Janus. */
export const classClientEvents = {
  'class:join': { payload: ClassJoinSchema, ack: ClassJoinAckSchema },
  'class:publish': {
    payload: ClassPublishSchema,
    ack: z.object({ sdp: SessionDescriptionSchema }),
  },
  'class:subscribe': {
    payload: ClassSubscribeSchema,
    ack: ClassSubscribeAckSchema,
  },
  'class:start': { payload: ClassStartSchema, ack: z.object({}) },
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
} as const satisfies DomainEvents<'class'>;
