import {
  applyThrow,
  hitScore,
  newGame,
  type DartsGame,
  type DartsMode,
  type Hit,
} from '@atrium/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DartsScoreboard } from './DartsScoreboard.tsx';
import { until, wait, type DartsOpponent, type LandedDart } from './opponent.ts';
import { DartsText } from './texts.ts';
import type { DartsLevel, Point } from './throwModel.ts';
import type { DartsTestHook } from './testHook.ts';
import { useAimInput } from './useAimInput.ts';
import { FLIGHT_MS, useBoardCanvas, type Flight, type Stuck } from './useBoardCanvas.ts';

/** The pause after a turn, so the three darts can be seen. */
const TURN_PAUSE_MS = 1100;

export interface DartsBoardProps {
  mode: DartsMode;
  level: DartsLevel;
  /** Local player first. */
  playerNames: [string, string];
  opponent: DartsOpponent;
  /** Who throws first: the local player (0, the default) or the opponent (1, a person who invited us). */
  firstThrower?: 0 | 1;
  reducedMotion: boolean;
  /** Shorter pauses (tests). */
  fast?: boolean;
  onFinished: (game: DartsGame) => void;
  onQuit: () => void;
  /** Receives the test hook's functions while mounted. */
  onTestHook?: (hook: DartsTestHook | null) => void;
}

/** The game screen: the board on a canvas, the scoreboard, the turn and the power meter. */
export function DartsBoard({
  mode,
  level,
  playerNames,
  opponent,
  firstThrower = 0,
  reducedMotion,
  fast = false,
  onFinished,
  onQuit,
  onTestHook,
}: DartsBoardProps) {
  const [game, setGame] = useState<DartsGame>(() => {
    const fresh = newGame(mode, playerNames);
    // Both players start on the same score, so only the thrower changes.
    return firstThrower === 0 ? fresh : { ...fresh, current: firstThrower };
  });
  const [turnDarts, setTurnDarts] = useState<Hit[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const gameRef = useRef(game);
  const busyRef = useRef(false);
  const stuck = useRef<Stuck[]>([]);
  const flight = useRef<Flight | null>(null);
  const aim = useRef<Point>({ x: 0, y: 60 });
  const holdStart = useRef<number | null>(null);
  const holdKey = useRef<string | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const meterRef = useRef<HTMLDivElement>(null);
  const alive = useRef(true);
  const pause = (ms: number) => wait(fast ? Math.min(ms, 40) : ms);

  // Start took its button away: the keys go to the board, where the game is played (issue 27).
  useEffect(() => canvasRef.current?.focus(), []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      opponent.dispose?.();
    };
  }, [opponent]);

  const size = useBoardCanvas(
    { wrapRef, canvasRef, meterRef, gameRef, busyRef, stuck, flight, aim, holdStart },
    level,
    reducedMotion,
  );

  /** A dart's flight to `to`, unless motion is reduced. */
  const fly = useCallback(
    async (to: Point, player: number) => {
      if (reducedMotion) return;
      flight.current = { to, player, start: performance.now() };
      await pause(FLIGHT_MS);
      flight.current = null;
    },
    // `pause` only depends on `fast`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [reducedMotion, fast],
  );

  /** One dart that landed: the score, and the pause when the turn passes. */
  const land = useCallback(
    async ({ at, hit }: LandedDart): Promise<'finished' | 'continue' | 'gone'> => {
      if (!alive.current) return 'gone';
      const before = gameRef.current;
      const player = before.current;
      const after = applyThrow(before, hit);
      stuck.current = [...stuck.current, { at, player }];
      gameRef.current = after;
      setGame(after);
      setTurnDarts([...before.dartsInTurn, hit]);
      // A bust: the score did not go down by what the dart scored (it went back to the turn start).
      const bust =
        after.mode === '501' &&
        after.winner === null &&
        after.players[player]!.remaining !== before.players[player]!.remaining - hitScore(hit);
      setMessage(bust ? DartsText.bust : null);
      if (after.winner !== null) {
        await pause(700);
        if (alive.current) onFinished(after);
        return 'finished';
      }
      if (after.dartsInTurn.length === 0) {
        // The turn passed: leave the darts in the board for a moment, then pull them out.
        await pause(TURN_PAUSE_MS);
        if (!alive.current) return 'gone';
        stuck.current = [];
        setTurnDarts([]);
        setMessage(null);
      }
      return 'continue';
    },
    // `pause` only depends on `fast`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [onFinished, fast],
  );

  /**
   * Plays the local player's dart sent at `aim` (null: none): it flies there while the opponent
   * (the server) says where it landed. Then the opponent's darts until it is our turn, and the
   * server's pace before the next throw is taken.
   */
  const play = useCallback(
    async (aim: Point | null) => {
      busyRef.current = true;
      setBusy(true);
      let status: Awaited<ReturnType<typeof land>> = 'continue';
      if (aim) {
        const sent = opponent.throwDart(aim, gameRef.current);
        const landed = await Promise.all([sent, fly(aim, 0)]).then(
          ([dart]) => dart,
          (error: unknown) => {
            // Refused (or lost): nothing changed, and the player throws again.
            setMessage(error instanceof Error ? error.message : null);
            return null;
          },
        );
        status = landed ? await land(landed) : 'continue';
      }
      while (status === 'continue' && gameRef.current.current !== 0) {
        const next = await opponent.nextDart(gameRef.current);
        if (!alive.current) return;
        await fly(next.at, gameRef.current.current);
        status = await land(next);
      }
      if (status !== 'continue') return;
      await until(opponent.readyAt());
      if (!alive.current) return;
      busyRef.current = false;
      setBusy(false);
    },
    [fly, land, opponent],
  );

  // The opponent may start (never at the moment: the local player throws first), or resume.
  useEffect(() => {
    if (gameRef.current.current !== 0 && !busyRef.current) void play(null);
  }, [play]);

  const canThrow = () =>
    gameRef.current.winner === null && gameRef.current.current === 0 && !busyRef.current;

  const input = useAimInput({
    aim,
    holdStart,
    holdKey,
    level,
    reducedMotion,
    canThrow,
    throwAt: (point) => void play(point),
  });

  // The test hook: exact throws for the local player, and the state.
  useEffect(() => {
    if (!onTestHook) return;
    onTestHook({
      throwAt: (x, y) => {
        if (!canThrow()) return false;
        void play({ x, y });
        return true;
      },
      state: () => ({
        screen: 'playing',
        game: gameRef.current,
        busy: busyRef.current,
        localTurn: canThrow(),
      }),
    });
    return () => onTestHook(null);
  }, [onTestHook, play]);

  const localTurn = game.winner === null && game.current === 0 && !busy;

  return (
    <div className="darts-play">
      <div className="darts-play__stage" ref={wrapRef}>
        <canvas
          ref={canvasRef}
          className="darts-play__canvas"
          style={{ width: size, height: size }}
          tabIndex={0}
          role="application"
          aria-label={DartsText.board}
          onPointerDown={input.onPointerDown}
          onPointerMove={input.onPointerMove}
          onPointerUp={input.onPointerUp}
          onPointerCancel={input.onPointerCancel}
          onKeyDown={input.onKeyDown}
          onKeyUp={input.onKeyUp}
          onBlur={input.onBlur}
        />
      </div>
      <DartsScoreboard
        game={game}
        localTurn={localTurn}
        message={message}
        turnDarts={turnDarts}
        meterRef={meterRef}
        onQuit={onQuit}
      />
    </div>
  );
}
