import { z } from 'zod';
import { IceCandidateSchema } from '../classroom-signalling.ts';
import {
  VoiceAnswerSchema,
  VoiceJoinAckSchema,
  VoiceMicSchema,
  VoiceMuteSchema,
  VoiceOfferSchema,
  VoicePeerSchema,
  VoicePublishSchema,
  VoiceSignalReceivedSchema,
  VoiceSignalSchema,
  VoiceTrickleSchema,
} from '../world-voice.ts';
import { SessionDescriptionSchema } from '../classroom-signalling.ts';
import type { DomainEvents } from './event-spec.ts';

/**
 * Proximity voice in the world (issue 30 §2): the browser sends only SDP, ICE and its switches;
 * the server chooses whose voices each listener's one receiving connection carries.
 */
export const voiceClientEvents = {
  /** Joins the voice of the world instance the socket is in (listening; speaking needs publish). */
  'voice:join': { payload: z.strictObject({}), ack: VoiceJoinAckSchema },
  /** Publishes the microphone (audio only); guests are refused. */
  'voice:publish': {
    payload: VoicePublishSchema,
    ack: z.object({ sdp: SessionDescriptionSchema }),
  },
  /** Answers the server's last `voice:offer`. */
  'voice:answer': { payload: VoiceAnswerSchema, ack: z.object({}) },
  'voice:trickle': { payload: VoiceTrickleSchema, ack: z.object({}) },
  /** The person's own microphone switch: off, nobody receives their voice. */
  'voice:mic': { payload: VoiceMicSchema, ack: z.object({ on: z.boolean() }) },
  /** Teachers and admins: heard by everyone in the instance while on. */
  'voice:megaphone': { payload: VoiceMicSchema, ack: z.object({ on: z.boolean() }) },
  /** Teachers and admins: mute someone in this instance at the SFU, or let them speak again. */
  'voice:mute': { payload: VoiceMuteSchema, ack: z.object({}) },
  'voice:leave': { payload: z.strictObject({}), ack: z.object({}) },
  /** Without Janus: SDP or ICE for one of the peers the server chose for this page. */
  'voice:signal': { payload: VoiceSignalSchema, ack: z.object({}) },
} as const satisfies DomainEvents<'voice'>;

export const voiceServerEvents = {
  /** The voices this listener receives changed: answer with `voice:answer`. */
  'voice:offer': { payload: VoiceOfferSchema },
  'voice:trickle': {
    payload: z.object({
      target: z.enum(['publisher', 'subscriber']),
      candidate: IceCandidateSchema,
    }),
  },
  /** Someone in the instance started or stopped talking (the ring above their avatar). */
  'voice:speaking': { payload: z.object({ id: z.string(), speaking: z.boolean() }) },
  /**
   * Of the voices this listener receives, those heard from everywhere (a teacher or admin on the
   * stage or with the megaphone): played at full volume, not faded by distance.
   */
  'voice:broadcasts': { payload: z.object({ ids: z.array(z.string()) }) },
  /** A teacher muted this person (or let them speak again). */
  'voice:muted': { payload: z.object({ muted: z.boolean() }) },
  /**
   * Teachers and admins: who is muted in this instance now (avatar ids), whoever muted them, so
   * every moderator's list shows it.
   */
  'voice:mutes': { payload: z.object({ ids: z.array(z.string()) }) },
  /** Without Janus: the people this page connects to straight changed. */
  'voice:peers': { payload: z.object({ peers: z.array(VoicePeerSchema) }) },
  /** Without Janus: a peer's SDP or ICE. */
  'voice:signal': { payload: VoiceSignalReceivedSchema },
} as const satisfies DomainEvents<'voice'>;
