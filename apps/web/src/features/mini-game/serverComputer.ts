import { MinigameConstants, type DartsMode, type GameResult } from '@atrium/protocol';
import type { MinigameHttp } from './minigameCalls.ts';
import { dartQueue, toLanded, until, type DartsOpponent } from './opponent.ts';
import { DARTS_LEVELS, type DartsLevel } from './throwModel.ts';

/**
 * The computer on the server (issue 27): the game is started there as the board appears, each
 * local dart is sent as where the hand threw it, and the answer says where it landed, with the
 * computer's darts when the turn passed and, at the end, the stored result. Starting runs in the
 * background, so the board shows at once; the first dart waits for it.
 */
export function serverComputer(
  http: MinigameHttp,
  mode: DartsMode,
  level: DartsLevel,
  name: string,
  options: { thinkMs?: number } = {},
): DartsOpponent {
  const darts = dartQueue(options.thinkMs ?? 650);
  let ready = Infinity;
  const started = http.register(mode, { kind: 'computer', level: DARTS_LEVELS.indexOf(level) + 1 });
  // The server takes the first dart one interval after it started the game.
  started.then(
    () => (ready = performance.now() + MinigameConstants.dartIntervalMs),
    // Until the first dart awaits it, a failed start is not an unhandled rejection.
    () => undefined,
  );
  let result: GameResult | null = null;
  return {
    kind: 'computer',
    name,
    async throwDart(aim) {
      const sessionId = await started;
      await until(ready);
      const thrown = await http.throwDart(sessionId, aim);
      ready = performance.now() + thrown.readyInMs;
      result = thrown.result;
      const [mine, ...theirs] = thrown.darts;
      darts.push(theirs);
      return toLanded(mine!);
    },
    nextDart: () => darts.next(),
    // Before the game has started, the first dart waits for it in throwDart.
    readyAt: () => (ready === Infinity ? 0 : ready),
    result: () => result,
  };
}
