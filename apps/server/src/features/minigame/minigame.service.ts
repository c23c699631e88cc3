import {
  DARTS_LEVELS,
  MinigameConstants,
  MinigameText,
  newGame,
  placeDart,
  playAgainstComputer,
  releaseScatter,
} from '@atrium/protocol';
import type {
  BoardPoint,
  DartsGame,
  DartsLevel,
  DartsMatch,
  DartsMode,
  GameResult,
  LeaderboardEntry,
  RegisterGame,
  RemovedEntry,
  ThrownDarts,
} from '@atrium/protocol';
import type { RedisClientType } from 'redis';
import type { DartsMatchRow, DartsSessionRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { toUser } from '../../realtime/realtime.ts';
import type { AtriumServer } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder, requireRole, requireSignedIn } from '../../security/policy.ts';
import { dartRandom, newSeed } from './minigame.dart-random.ts';
import type { MinigameRepository, NewSession } from './minigame.repository.ts';

export interface MinigameServiceDeps {
  repo: MinigameRepository;
  limiter: RateLimiter;
  /** The socket server once built; null before, and once the server is closing. */
  io: () => AtriumServer | null;
  /** With several processes (and for the admin CLI): where a leaderboard change is published. */
  redis?: RedisClientType | undefined;
  now?: () => Date;
}

/**
 * The Redis channel that says a leaderboard changed other than by a win (its message is the
 * mode): every process tells its own sockets, so a removal by the admin CLI reaches them too.
 */
export const LEADERBOARD_CHANNEL = 'atrium:minigame:leaderboard';

/** Opponent kinds as stored: the computer's level (`computer-1`…), a person reported by a client before issue 27, a match. */
const COMPUTER = 'computer-';
const PERSON = 'person';
const MATCH = 'match';
const { dartIntervalMs } = MinigameConstants;
const requireAdmin = requireRole('admin', MinigameText.onlyAdmins);

const dartsOf = (game: DartsGame, player: number) =>
  game.throws.filter((t) => t.player === player).length;

const levelOf = (opponent: string): DartsLevel =>
  DARTS_LEVELS[Number(opponent.slice(COMPUTER.length)) - 1] ?? 'medium';

/** A dart that comes sooner than `readyAt` is refused: nobody throws that fast. */
function requirePaced(readyAt: Date | null, now: number): void {
  const wait = (readyAt?.getTime() ?? 0) - now;
  if (wait > 0) throw tooManyRequests(MinigameText.tooFast, wait);
}

/** The verdict on a finished game against the computer, as its owner hears it. */
function resultOf(row: DartsSessionRow, game: DartsGame): GameResult {
  const isWinner = game.winner === 0;
  return {
    winner: game.players[game.winner ?? 0]?.name ?? '',
    isWinner,
    score: dartsOf(game, 0),
    stored: !row.isGuest,
    message: row.isGuest
      ? MinigameText.guestNotStored
      : isWinner
        ? MinigameText.stored
        : MinigameText.lost,
  };
}

const matchView = (row: DartsMatchRow): DartsMatch => ({
  matchId: row.id,
  mode: row.mode as DartsMode,
  status: row.status as DartsMatch['status'],
  players: [
    { userId: row.inviterId, username: row.inviterName },
    { userId: row.inviteeId, username: row.inviteeName },
  ],
  game: (row.game as DartsGame | null) ?? null,
});

/**
 * Darts on the server (issues 17 and 27): every game that counts is played here. Against the
 * computer, the player sends where each dart was thrown; the server lands it with its own
 * scatter, throws the computer's darts, refuses darts that come faster than a person throws and
 * ends the game itself. A match between two people is played here dart by dart the same way.
 */
export class MinigameService {
  private readonly now: () => Date;

  constructor(private readonly deps: MinigameServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Starts a game against the computer; the player throws first, one interval from now. */
  async register(claims: AuthClaims | null | undefined, body: RegisterGame): Promise<string> {
    const me = requireSignedIn(claims);
    if (body.opponent.kind !== 'computer') throw badRequest(MinigameText.personByInvitation);
    const limit = await this.deps.limiter.hit(
      `minigame:start:${me.sub}`,
      MinigameConstants.startWindowMs,
      MinigameConstants.startLimit,
    );
    if (!limit.allowed) throw tooManyRequests(MinigameText.tooManyGames, limit.retryAfterMs);
    const guest = me.role === 'guest';
    const now = this.now();
    return this.deps.repo.startSession(
      {
        ownerSub: me.sub,
        userId: guest ? null : me.sub,
        username: me.username,
        isGuest: guest,
        mode: body.mode,
        opponent: `${COMPUTER}${body.opponent.level}`,
        seed: newSeed(),
        game: newGame(body.mode, [me.username, MinigameText.computer]),
        readyAt: new Date(now.getTime() + dartIntervalMs),
      },
      now,
    );
  }

  /**
   * The player's next dart, sent at `aim`: the server lands it, and when the turn passes throws
   * the computer's darts; a win ends the game and stores the result.
   */
  async throwDart(
    claims: AuthClaims | null | undefined,
    sessionId: string,
    aim: BoardPoint,
  ): Promise<ThrownDarts> {
    const me = requireSignedIn(claims);
    const now = this.now().getTime();
    const { answer, row } = await this.deps.repo.changeSession(sessionId, (row) => {
      // Someone else's game is answered like a missing one: ids are not to be probed.
      if (!row || row.ownerSub !== me.sub || !row.game || !row.seed) {
        throw notFound(MinigameText.sessionUnknown);
      }
      const game = row.game as DartsGame;
      if (row.finishedAt) {
        throw conflict(game.winner === null ? MinigameText.gameLeft : MinigameText.alreadyFinished);
      }
      requirePaced(row.readyAt, now);
      if (game.throws.length >= MinigameConstants.maxHits) {
        throw badRequest(MinigameText.tooManyHits);
      }
      const next = playAgainstComputer(game, aim, levelOf(row.opponent), dartRandom(row.seed));
      const darts = next.throws.slice(game.throws.length);
      const readyInMs = dartIntervalMs * darts.length;
      const ended = next.winner !== null;
      const set: Partial<NewSession> = { game: next, readyAt: new Date(now + readyInMs) };
      if (ended) {
        Object.assign(set, {
          finishedAt: new Date(now),
          winnerName: next.players[next.winner ?? 0]?.name ?? '',
          isWinner: next.winner === 0,
          darts: dartsOf(next, 0),
        });
      }
      const result = ended ? resultOf(row, next) : null;
      return { set, answer: { answer: { darts, game: next, readyInMs, result }, row } };
    });
    if (answer.result?.isWinner && !row.isGuest) this.announce(me.username, row.mode as DartsMode);
    return answer;
  }

  /** The old report of a finished game (issue 17): a game is played here now, never posted. */
  finish(): never {
    throw badRequest(MinigameText.finishGone);
  }

  async leaderboard(mode: DartsMode, limit: number = MinigameConstants.leaderboardSize) {
    const entries: LeaderboardEntry[] = await this.deps.repo.leaderboard(mode, limit, PERSON);
    return { mode, entries };
  }

  /** Admins: removes a player's entry (every win of theirs) from a mode's leaderboard. */
  async removeEntry(
    claims: AuthClaims | null | undefined,
    mode: DartsMode,
    username: string,
  ): Promise<RemovedEntry> {
    requireAdmin(claims);
    return this.removeWins(mode, username);
  }

  /** Removes the entry (for an admin, or the operator's CLI) and has every board load again. */
  async removeWins(mode: DartsMode, username: string): Promise<RemovedEntry> {
    const gone = await this.deps.repo.removeWins(mode, username);
    if (!gone?.removed) throw notFound(MinigameText.noEntry);
    if (this.deps.redis) await this.deps.redis.publish(LEADERBOARD_CHANNEL, mode);
    else this.deps.io()?.emit('minigame:leaderboard', { mode });
    return { mode, ...gone };
  }

  /** The world announcement: every connected client, on every process. */
  private announce(username: string, mode: DartsMode): void {
    this.deps.io()?.emit('minigame:winner', { username, mode });
  }

  private tell(row: DartsMatchRow): DartsMatch {
    const view = matchView(row);
    const io = this.deps.io();
    if (io) {
      for (const id of new Set([row.inviterId, row.inviteeId])) {
        toUser(io, id).emit('darts:state', view);
      }
    }
    return view;
  }

  // --- Matches between two people.

  async invite(
    claims: AuthClaims | null | undefined,
    username: string,
    mode: DartsMode,
  ): Promise<DartsMatch> {
    const me = requireAccountHolder(claims);
    const name = username.trim();
    if (!name) throw badRequest(MinigameText.usernameEmpty);
    const other = await this.deps.repo.userByName(name);
    if (other?.id === me.sub || name.toLowerCase() === me.username.toLowerCase()) {
      throw badRequest(MinigameText.inviteSelf);
    }
    if (!other || !(await this.isOnline(other.id))) throw badRequest(MinigameText.notOnline);
    const row = await this.deps.repo.createMatch({
      mode,
      inviterId: me.sub,
      inviterName: me.username,
      inviteeId: other.id,
      inviteeName: other.username,
    });
    const io = this.deps.io();
    if (io) {
      toUser(io, other.id).emit('darts:invited', {
        matchId: row.id,
        mode,
        from: me.username,
        from_id: me.sub,
      });
    }
    return matchView(row);
  }

  /** Whether the user has a socket on any process (the Redis adapter asks the others). */
  private async isOnline(userId: string): Promise<boolean> {
    const io = this.deps.io();
    if (!io) return false;
    const sockets = await toUser(io, userId).fetchSockets();
    return sockets.length > 0;
  }

  async answer(
    claims: AuthClaims | null | undefined,
    matchId: string,
    accept: boolean,
  ): Promise<DartsMatch> {
    const me = requireAccountHolder(claims);
    const now = this.now().getTime();
    const row = await this.deps.repo.changeMatch(matchId, (row) => {
      if (!row) throw notFound(MinigameText.matchUnknown);
      if (row.inviteeId !== me.sub) throw forbidden(MinigameText.notInvited);
      if (row.status !== 'invited') throw conflict(MinigameText.notPending);
      if (now - row.createdAt.getTime() > MinigameConstants.inviteTtlMs) {
        throw badRequest(MinigameText.expired);
      }
      const set = accept
        ? {
            status: 'playing',
            game: newGame(row.mode as DartsMode, [row.inviterName, row.inviteeName]),
            seed: newSeed(),
            readyAt: new Date(now + dartIntervalMs),
          }
        : { status: 'declined' };
      return { set, answer: { ...row, ...set } };
    });
    return this.tell(row);
  }

  /** A dart of a match, sent at `aim` by the player whose turn it is; the server lands it. */
  async throwMatchDart(
    claims: AuthClaims | null | undefined,
    matchId: string,
    aim: BoardPoint,
  ): Promise<DartsMatch> {
    const me = requireAccountHolder(claims);
    const now = this.now().getTime();
    const row = await this.deps.repo.changeMatch(matchId, (row) => {
      if (!row) throw notFound(MinigameText.matchUnknown);
      const player = [row.inviterId, row.inviteeId].indexOf(me.sub);
      if (player < 0) throw forbidden(MinigameText.notYourMatch);
      if (row.status !== 'playing' || !row.game || !row.seed) {
        throw badRequest(MinigameText.notPlaying);
      }
      const game = row.game as DartsGame;
      if (game.current !== player) throw badRequest(MinigameText.notYourTurn);
      requirePaced(row.readyAt, now);
      const random = dartRandom(row.seed)(game.throws.length);
      const next = placeDart(game, releaseScatter(aim, random));
      const readyAt = new Date(now + dartIntervalMs);
      if (next.winner === null) {
        return { set: { game: next, readyAt }, answer: { ...row, game: next } };
      }
      const mode = row.mode as DartsMode;
      const results: NewSession[] = [
        [row.inviterId, row.inviterName],
        [row.inviteeId, row.inviteeName],
      ].map(([id, name], index) => ({
        ownerSub: id!,
        userId: id!,
        username: name!,
        mode,
        opponent: MATCH,
        finishedAt: new Date(now),
        winnerName: index === next.winner ? name! : (next.players[next.winner!]?.name ?? ''),
        isWinner: index === next.winner,
        darts: dartsOf(next, index),
      }));
      const set = { status: 'finished', game: next, readyAt };
      return { set, results, answer: { ...row, ...set } };
    });
    const view = this.tell(row);
    const winner = view.game?.winner;
    if (view.status === 'finished' && winner !== null && winner !== undefined) {
      this.announce(view.players[winner]?.username ?? '', view.mode);
    }
    return view;
  }

  async leave(claims: AuthClaims | null | undefined, matchId: string): Promise<boolean> {
    const me = requireAccountHolder(claims);
    const row = await this.deps.repo.changeMatch(matchId, (row) => {
      if (!row) throw notFound(MinigameText.matchUnknown);
      if (row.inviterId !== me.sub && row.inviteeId !== me.sub) {
        throw forbidden(MinigameText.notYourMatch);
      }
      if (row.status !== 'invited' && row.status !== 'playing') return { answer: null };
      return { set: { status: 'left' }, answer: { ...row, status: 'left' } };
    });
    if (!row) return false;
    this.tell(row);
    return true;
  }
}
