import { createHmac } from 'node:crypto';
import {
  ClassroomText,
  isCallChannel,
  VIDEO_TOKEN_TTL_S,
  VIDEO_UID_PATTERN,
  VideoChannelSchema,
} from '@atrium/protocol';
import type {
  GlobalMuteConfig,
  GlobalMuteKey,
  MediaKind,
  VideoChannel,
  VideoTokens,
} from '@atrium/protocol';
import { SignJWT } from 'jose';
import type { ClassroomChannelRow } from '../../db/schema.ts';
import type { CallRooms } from '../../calls/call-rooms.ts';
import { AppError, forbidden, notFound, unavailable } from '../../http/errors.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder, requireRole } from '../../security/policy.ts';
import type { ClassroomRepository } from './classroom.repository.ts';

/** SPEC §6: teachers and admins run classrooms. */
export const requireHost = requireRole(['admin', 'teacher'], ClassroomText.hostsOnly);
export const isHost = (role: AuthClaims['role']): boolean => role === 'admin' || role === 'teacher';

export const flagsOf = (row: ClassroomChannelRow): GlobalMuteConfig => ({
  global_mute_audio_config: row.globalMuteAudio,
  global_mute_video_config: row.globalMuteVideo,
});

/** Applies a changed flag to the people in the room (moderation at the SFU, attributes). */
export type FlagListener = (
  channel: VideoChannel,
  kind: MediaKind,
  mute: boolean,
  by: AuthClaims,
) => Promise<void>;

/** Video tokens and the global mute flags: the classroom's HTTP side. */
export class ClassroomService {
  readonly #tokenKey: Uint8Array;
  #flagListener: FlagListener | null = null;

  constructor(
    private readonly repo: ClassroomRepository,
    secret: string,
    private readonly callRooms: CallRooms,
  ) {
    // A key of its own, so a video token can never pass for an access token or the reverse.
    this.#tokenKey = createHmac('sha256', secret).update('atrium:video-tokens').digest();
  }

  /** The live classroom hears of flag changes made over HTTP. */
  onFlagChange(listener: FlagListener): void {
    this.#flagListener = listener;
  }

  /**
   * SPEC §7: `{rtcToken, rtmToken}` bound to this user, channel and uid. A guest is told to
   * register; an unknown channel or a malformed uid answers empty tokens with the reason.
   */
  async videoTokens(claims: AuthClaims | null, channel: string, uid: string): Promise<VideoTokens> {
    const account = requireAccountHolder(claims);
    const empty = (message: string): VideoTokens => ({
      status: false,
      message,
      rtcToken: '',
      rtmToken: '',
    });
    if (!VideoChannelSchema.safeParse(channel).success) return empty(ClassroomText.unknownRoom);
    if (isCallChannel(channel) && !(await this.callRooms.isAdmitted(channel, account.sub))) {
      return empty(ClassroomText.notInCall);
    }
    if (!VIDEO_UID_PATTERN.test(uid)) return empty(ClassroomText.invalidUid);
    const sign = (kind: 'rtc' | 'rtm') =>
      new SignJWT({ channel, uid, kind, host: isHost(account.role) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(account.sub)
        .setAudience(`atrium:${kind}`)
        .setIssuedAt()
        .setExpirationTime(`${VIDEO_TOKEN_TTL_S}s`)
        .sign(this.#tokenKey);
    const [rtcToken, rtmToken] = await Promise.all([sign('rtc'), sign('rtm')]);
    return { status: true, rtcToken, rtmToken };
  }

  /** The key that signs video tokens (tests verify with it). */
  get videoTokenKey(): Uint8Array {
    return this.#tokenKey;
  }

  async flags(claims: AuthClaims | null, channel: VideoChannel): Promise<GlobalMuteConfig> {
    requireAccountHolder(claims);
    return flagsOf(await this.channel(channel));
  }

  async setFlag(
    claims: AuthClaims | null,
    channel: VideoChannel,
    key: GlobalMuteKey,
    value: boolean,
  ): Promise<GlobalMuteConfig> {
    const host = requireHost(claims);
    const kind: MediaKind = key === 'global_mute_audio_config' ? 'audio' : 'video';
    const row = await this.writeFlag(channel, kind, value);
    await this.#flagListener?.(channel, kind, value, host);
    return flagsOf(row);
  }

  /** Stores one flag; a failure is SPEC §8's failed global mute update. */
  async writeFlag(
    channel: VideoChannel,
    kind: MediaKind,
    value: boolean,
  ): Promise<ClassroomChannelRow> {
    let row: ClassroomChannelRow | undefined;
    try {
      row = await this.repo.setFlag(channel, kind, value);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unavailable(ClassroomText.globalMuteUpdateFailed);
    }
    if (!row) throw notFound(ClassroomText.unknownRoom);
    return row;
  }

  async channel(channel: string): Promise<ClassroomChannelRow> {
    const parsed = VideoChannelSchema.safeParse(channel);
    const row = parsed.success ? await this.repo.channel(parsed.data) : undefined;
    if (!row) throw notFound(ClassroomText.unknownRoom);
    return row;
  }

  /**
   * The room a person may join now: a classroom (room-1..3, by role), or a call's own room for
   * the people the call admitted (issue 16), whose row is made on its first join.
   */
  async admit(claims: AuthClaims, room: string): Promise<VideoChannel> {
    const parsed = VideoChannelSchema.safeParse(room);
    if (!parsed.success) throw notFound(ClassroomText.unknownRoom);
    if (isCallChannel(parsed.data)) {
      if (!(await this.callRooms.isAdmitted(parsed.data, claims.sub))) {
        throw forbidden(ClassroomText.notInCall);
      }
      await this.repo.ensureChannel(parsed.data);
    }
    // A breakout group's room gets its row (flags, screen) when groups open; a join before that
    // is refused by the groups' own check.
    return parsed.data;
  }
}
