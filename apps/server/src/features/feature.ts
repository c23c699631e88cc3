import type { ClassroomRoom, EntryPolicy } from '@atrium/protocol';
import type { ClassAccess } from '../calls/class-access.ts';
import type { CallRooms } from '../calls/call-rooms.ts';
import type { ChainAccess } from '../chain/chain.ts';
import type { FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import type { InstanceSize } from '../http/metrics.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaServer } from '../media/janus/index.ts';
import type { AtriumServer, NamespaceAdmission, SocketFeature } from '../realtime/realtime.ts';
import type { AccessTokens } from '../security/access-tokens.ts';
import type { AuthRepository } from '../accounts/auth.repository.ts';
import type { AuditRepository } from '../accounts/audit.repository.ts';
import type { ErrorCount } from '../http/error-count.ts';
import type { SessionGate } from '../moderation/session-gate.ts';

/** What the app builds once and hands every feature. */
export interface FeatureDeps {
  config: Config;
  database: Database;
  limiter: RateLimiter;
  tokens: AccessTokens;
  /** The access-token secret; it also signs short-lived cookies such as the OIDC state. */
  jwtSecret: string;
  /** Accounts and sessions (SQL), which several features read. */
  authRepo: AuthRepository;
  /**
   * Issue 29: whose sessions are void (a kick, ban, deactivation or deletion, on every process),
   * and the bans and chat mutes in force.
   */
  gate: SessionGate;
  /** Issue 29: the audit log of admin actions and role changes (the CLI writes it too). */
  audit: AuditRepository;
  /** Issue 29: server errors of the last hour, on every process (the dashboard). */
  errors: ErrorCount;
  /** Adds a handler set for every connection on the main socket namespace. */
  socket(feature: SocketFeature): void;
  /** Serves a socket namespace pattern (`/room/room-{n}`), signed-in sockets only. */
  namespace(name: RegExp, feature: SocketFeature, admit?: NamespaceAdmission): void;
  /**
   * The classroom's SFU as it stands now: null until `main.ts` has connected it in the
   * background, and for good when Janus cannot be had (or a test does not start one).
   */
  media(): MediaServer | null;
  /** Resolves once the media server is settled (connected, or given up); at once after that. */
  mediaSettled(): Promise<void>;
  /** The shared Redis client when `REDIS_URL` is set (presence and other cross-process state). */
  redis: RedisClientType | undefined;
  /** The socket server, once built (after every feature registered); null before. */
  io(): AtriumServer | null;
  /** Who may join a call's own video room: social admits, the classroom checks. */
  callRooms: CallRooms;
  /** Who may see inside a class with "ask to join": the classroom admits, chat and room ask. */
  classAccess: ClassAccess;
  /**
   * The wallet's chain as it stands now: the remote chain, or the local one once `main.ts` has
   * started it in the background; null before that, when it failed, and with WALLET=off.
   */
  chain: ChainAccess;
  /** The mail transport (SMTP, or the outbox in development and tests); the app closes it. */
  mailer: Mailer;
  /**
   * Runs `start` once the socket server exists, after every feature has registered (a feature
   * that keeps a clock or a subscription starts it there).
   */
  whenRealtime(start: (io: AtriumServer) => void): void;
  /** The wallet's part of {@link SharedServices}, as handed in by the wallet feature. */
  wallet: SharedServices['wallet'];
  /** The character's part of {@link SharedServices}. */
  character: SharedServices['character'];
  /** The world's part of {@link SharedServices}. */
  world: SharedServices['world'];
  /** The clock of pace rules (the darts' interval); a test may hand in one it moves. */
  now: () => Date;
  /** The shares' part of {@link SharedServices}. */
  shares: SharedServices['shares'];
  /** The classroom's part of {@link SharedServices}. */
  classroom: SharedServices['classroom'];
  /** The social layer's part of {@link SharedServices}. */
  social: SharedServices['social'];
  /** The feature that owns one part of {@link SharedServices} hands it in once, when it registers. */
  provide: <K extends keyof SharedServices>(part: K, service: SharedServices[K]) => void;
}

/**
 * One server feature: its routes and socket handlers, registered in one call. A new feature is a
 * folder with a `*.feature.ts` listed in `features/index.ts`, not an edit to `app.ts`.
 */
export interface Feature {
  readonly name: string;
  register(app: FastifyInstance, deps: FeatureDeps): Promise<void>;
}

/**
 * What one feature offers the others, built once by the feature that owns it and handed in with
 * `deps.provide`: features do not import each other, and nothing is built twice.
 */
export interface SharedServices {
  /** What the wallet knows that other features need (the character's avatar looks). */
  wallet: {
    /** The avatar token ids the account's linked address owns; [] when unknown. */
    ownedAvatarIds(userId: string): Promise<number[]>;
  };
  /** The character each account chose, as the world dresses its avatar. */
  character: {
    /** The look code the account wears: its saved look, minus a special it no longer owns. */
    wornLook(userId: string): Promise<number | undefined>;
  };
  /** The world's avatars as other features need them: looks (issue 18's character), metrics. */
  world: {
    /** The look number an account wears until it chooses one (a hash of its id). */
    lookSeed(userId: string): number;
    /** An account saved a new look: its avatar changes for everyone, on every process. */
    lookChanged(userId: string, code: number): void;
    /** Every open instance of the campus and its size (`/metrics`). */
    instances(): Promise<InstanceSize[]>;
  };
  /** The classroom, as the admin console needs it (issue 29). */
  classroom: {
    /** Ends a class now: everyone out, groups closed, the record's session ended; how many left. */
    endClass(channel: ClassroomRoom, by: string): Promise<number>;
    /** Sets a class's entry policy as its teacher would (the waiting let in when it opens). */
    changePolicy(channel: ClassroomRoom, policy: EntryPolicy): Promise<unknown>;
  };
  /** The social layer's blocks, as the world's voice needs them (issue 30). */
  social: {
    /** The accounts `userId` blocked or was blocked by. */
    blockedEither(userId: string): Promise<string[]>;
  };
  /** Embeddable worlds, as the web app's embed frame needs them. */
  shares: {
    /** The sites that may frame a share's embed page; null when there is no such share. */
    frameAncestors(shareId: string): Promise<string[] | null>;
  };
}

/**
 * The parts of {@link SharedServices} for `deps`, each forwarding to what its feature handed in.
 * Until then (or when a test runs without that feature) the wallet knows no avatars, no look is
 * saved, a look change reaches no avatar, the campus has no instance and no share exists; the look seed has no
 * stand-in, since a character without the world is a wiring mistake.
 */
export function sharedServices(): Pick<
  FeatureDeps,
  'wallet' | 'character' | 'world' | 'shares' | 'classroom' | 'social' | 'provide'
> {
  const provided: Partial<SharedServices> = {};
  return {
    wallet: {
      ownedAvatarIds: (userId) => provided.wallet?.ownedAvatarIds(userId) ?? Promise.resolve([]),
    },
    character: {
      wornLook: (userId) => provided.character?.wornLook(userId) ?? Promise.resolve(undefined),
    },
    world: {
      lookSeed: (userId) => {
        if (!provided.world) throw new Error('the world feature is not registered');
        return provided.world.lookSeed(userId);
      },
      lookChanged: (userId, code) => provided.world?.lookChanged(userId, code),
      instances: () => provided.world?.instances() ?? Promise.resolve([]),
    },
    shares: {
      frameAncestors: (id) => provided.shares?.frameAncestors(id) ?? Promise.resolve(null),
    },
    classroom: {
      endClass: (channel, by) => provided.classroom?.endClass(channel, by) ?? Promise.resolve(0),
      changePolicy: (channel, policy) =>
        provided.classroom?.changePolicy(channel, policy) ?? Promise.resolve(),
    },
    social: {
      blockedEither: (userId) => provided.social?.blockedEither(userId) ?? Promise.resolve([]),
    },
    provide(part, service) {
      if (provided[part]) throw new Error(`${part} was already provided`);
      provided[part] = service;
    },
  };
}
