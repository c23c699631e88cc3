import type { CallRooms } from '../calls/call-rooms.ts';
import type { ChainAccess } from '../chain/chain.ts';
import type { FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { MediaServer } from '../media/janus/index.ts';
import type { AtriumServer, SocketFeature } from '../realtime/realtime.ts';
import type { AccessTokens } from '../security/access-tokens.ts';
import type { AuthRepository } from '../accounts/auth.repository.ts';

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
  /** Adds a handler set for every connection on the main socket namespace. */
  socket(feature: SocketFeature): void;
  /** Serves a socket namespace pattern (`/room/room-{n}`), signed-in sockets only. */
  namespace(name: RegExp, feature: SocketFeature): void;
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
  /**
   * The wallet's chain as it stands now: the remote chain, or the local one once `main.ts` has
   * started it in the background; null before that, when it failed, and with WALLET=off.
   */
  chain: ChainAccess;
  /** What the wallet knows that other features need (the character's avatar looks). */
  wallet: {
    /** The avatar token ids the account's linked address owns; [] when unknown. */
    ownedAvatarIds(userId: string): Promise<number[]>;
  };
  /** The world's avatars as other features need them: looks (issue 18's character). */
  world: {
    /** The look number an account wears until it chooses one (a hash of its id). */
    lookSeed(userId: string): number;
    /** An account saved a new look: its avatar changes for everyone, on every process. */
    lookChanged(userId: string, code: number): void;
  };
}

/**
 * One server feature: its routes and socket handlers, registered in one call. A new feature is a
 * folder with a `*.feature.ts` listed in `features/index.ts`, not an edit to `app.ts`.
 */
export interface Feature {
  readonly name: string;
  register(app: FastifyInstance, deps: FeatureDeps): Promise<void>;
}
