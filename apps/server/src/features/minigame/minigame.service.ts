import {
  applyThrow,
  isValidHit,
  MinigameConstants,
  MinigameText,
  newGame,
  replayGame,
} from '@atrium/protocol';
import type {
  DartsGame,
  DartsMatch,
  DartsMode,
  FinishGame,
  GameResult,
  Hit,
  LeaderboardEntry,
  RegisterGame,
} from '@atrium/protocol';
import type { DartsMatchRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { toUser } from '../../realtime/realtime.ts';
import type { AtriumServer } from '../../realtime/realtime.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { requireAccountHolder, requireSignedIn } from '../../security/policy.ts';
import type { MinigameRepository, NewSession } from './minigame.repository.ts';

export interface MinigameServiceDeps {
  repo: MinigameRepository;
  limiter: RateLimiter;
  /** The socket server once built; null before, and once the server is closing. */
  io: () => AtriumServer | null;
  now?: () => Date;
}

/** Opponent kinds as stored: the computer's level, a person (reported by a client), a match. */
const PERSON = 'person';
const MATCH = 'match';

/** The game after `hits`, or a 400 with the rule the darts break. */
function replay(mode: DartsMode, players: string[], hits: Hit[]): DartsGame {
  if (!hits.every(isValidHit)) throw badRequest(MinigameText.invalidHit);
  let game: DartsGame;
  try {
    game = replayGame(mode, players, hits);
  } catch {
    throw badRequest(MinigameText.afterWinner);
  }
  if (game.winner === null) throw badRequest(MinigameText.notFinished);
  return game;
}

const dartsOf = (game: DartsGame, player: number) =>
  game.throws.filter((t) => t.player === player).length;

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
 * Issue 17's darts rules on the server: every dart a client reports is checked and replayed here
 * with the shared rules module, so the winner and the score are the server's own; a match between
 * two people is played here dart by dart.
 */
export class MinigameService {
  private readonly now: () => Date;

  constructor(private readonly deps: MinigameServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async register(claims: AuthClaims | null | undefined, body: RegisterGame): Promise<string> {
    const me = requireSignedIn(claims);
    const guest = me.role === 'guest';
    return this.deps.repo.createSession({
      ownerSub: me.sub,
      userId: guest ? null : me.sub,
      username: me.username,
      isGuest: guest,
      mode: body.mode,
      opponent: body.opponent.kind === 'computer' ? `computer-${body.opponent.level}` : PERSON,
    });
  }

  async finish(claims: AuthClaims | null | undefined, body: FinishGame): Promise<GameResult> {
    const me = requireSignedIn(claims);
    const hit = await this.deps.limiter.hit(
      `minigame:finish:${me.sub}`,
      MinigameConstants.finishWindowMs,
      MinigameConstants.finishLimit,
    );
    if (!hit.allowed) throw tooManyRequests(MinigameText.tooManyFinishes, hit.retryAfterMs);
    const session = await this.deps.repo.session(body.sessionId);
    // Someone else's session is answered like a missing one: ids are not to be probed.
    if (!session || session.ownerSub !== me.sub) throw notFound(MinigameText.sessionUnknown);
    if (session.finishedAt) throw conflict(MinigameText.alreadyFinished);
    if (session.mode !== body.mode) throw badRequest(MinigameText.modeMismatch);
    const index = body.me ?? 0;
    if (index >= body.players.length) throw badRequest(MinigameText.playerIndex);
    const game = replay(body.mode, body.players, body.hits);
    const winner = game.winner ?? 0;
    const result = {
      winnerName: body.players[winner] ?? '',
      isWinner: winner === index,
      darts: dartsOf(game, index),
    };
    if (!(await this.deps.repo.finishSession(session.id, result))) {
      throw conflict(MinigameText.alreadyFinished);
    }
    const counts = !session.isGuest && session.opponent !== PERSON;
    if (counts && result.isWinner) this.announce(me.username, body.mode);
    return {
      winner: result.winnerName,
      isWinner: result.isWinner,
      score: result.darts,
      stored: counts,
      message: session.isGuest
        ? MinigameText.guestNotStored
        : session.opponent === PERSON
          ? MinigameText.matchStoredByServer
          : result.isWinner
            ? MinigameText.stored
            : MinigameText.lost,
    };
  }

  async leaderboard(mode: DartsMode, limit: number = MinigameConstants.leaderboardSize) {
    const entries: LeaderboardEntry[] = await this.deps.repo.leaderboard(mode, limit, PERSON);
    return { mode, entries };
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
          }
        : { status: 'declined' };
      return { set, answer: { ...row, ...set } };
    });
    return this.tell(row);
  }

  async throwDart(
    claims: AuthClaims | null | undefined,
    matchId: string,
    hit: Hit,
  ): Promise<DartsMatch> {
    const me = requireAccountHolder(claims);
    const row = await this.deps.repo.changeMatch(matchId, (row) => {
      if (!row) throw notFound(MinigameText.matchUnknown);
      const player = [row.inviterId, row.inviteeId].indexOf(me.sub);
      if (player < 0) throw forbidden(MinigameText.notYourMatch);
      if (row.status !== 'playing' || !row.game) throw badRequest(MinigameText.notPlaying);
      const game = row.game as DartsGame;
      if (game.current !== player) throw badRequest(MinigameText.notYourTurn);
      if (!isValidHit(hit)) throw badRequest(MinigameText.invalidHit);
      const next = applyThrow(game, hit);
      if (next.winner === null) return { set: { game: next }, answer: { ...row, game: next } };
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
        finishedAt: new Date(),
        winnerName: index === next.winner ? name! : (next.players[next.winner!]?.name ?? ''),
        isWinner: index === next.winner,
        darts: dartsOf(next, index),
      }));
      const set = { status: 'finished', game: next };
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
