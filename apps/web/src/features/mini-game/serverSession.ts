import type { DartsMode, GameResult, Hit, Opponent } from '@atrium/protocol';
import type { MinigameHttp } from './minigameCalls.ts';

/**
 * One darts game as the server knows it: registered when the game starts, finished with every
 * dart when it ends. The server replays the darts and answers the winner and the score itself;
 * registering runs in the background, so a game starts at once, and finishing waits for it.
 */
export interface ServerSession {
  finish(game: { players: string[]; me?: number; hits: Hit[] }): Promise<GameResult>;
}

export function startServerSession(
  http: MinigameHttp,
  mode: DartsMode,
  opponent: Opponent,
): ServerSession {
  const registered = http.register(mode, opponent);
  // Until `finish` awaits it, a failed registration is not an unhandled rejection.
  registered.catch(() => undefined);
  let finished: Promise<GameResult> | null = null;
  return {
    finish(game) {
      // The session is finished once: a second call answers the first call's result.
      finished ??= registered.then((sessionId) =>
        http.finish({ sessionId, mode, players: game.players, me: game.me ?? 0, hits: game.hits }),
      );
      return finished;
    },
  };
}
