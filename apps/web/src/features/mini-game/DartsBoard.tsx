import {
  applyThrow,
  hitAt,
  hitScore,
  newGame,
  type DartsGame,
  type DartsMode,
  type Hit,
} from '@atrium/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DartsScoreboard } from './DartsScoreboard.tsx';
import type { DartsOpponent } from './opponent.ts';
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

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

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

  /** One dart that lands at `point`: its flight, the score, and the pause when the turn passes. */
  const dart = useCallback(
    async (point: Point): Promise<'finished' | 'continue' | 'gone'> => {
      const player = gameRef.current.current;
      if (!reducedMotion) {
        flight.current = { to: point, player, start: performance.now() };
        await pause(FLIGHT_MS);
        flight.current = null;
      }
      if (!alive.current) return 'gone';
      const before = gameRef.current;
      const hit = hitAt(point.x, point.y);
      const after = applyThrow(before, hit);
      if (player === 0) opponent.onLocalDart?.(point, before);
      stuck.current = [...stuck.current, { at: point, player }];
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
    [opponent, reducedMotion, onFinished, fast],
  );

  /** Plays the local player's dart (null: none), then the opponent's darts until it is our turn. */
  const play = useCallback(
    async (point: Point | null) => {
      busyRef.current = true;
      setBusy(true);
      let status = point ? await dart(point) : 'continue';
      while (status === 'continue' && gameRef.current.current !== 0) {
        const next = await opponent.nextDart(gameRef.current);
        if (!alive.current) return;
        status = await dart(next);
      }
      if (status !== 'continue') return;
      busyRef.current = false;
      setBusy(false);
    },
    [dart, opponent],
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
