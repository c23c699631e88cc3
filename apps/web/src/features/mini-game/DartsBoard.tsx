import {
  applyThrow,
  hitAt,
  hitLabel,
  hitScore,
  newGame,
  type DartsGame,
  type DartsMode,
  type Hit,
} from '@atrium/protocol';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { boardView, drawAim, drawBoard, drawDart } from './board.ts';
import type { DartsOpponent } from './opponent.ts';
import { DartsText } from './texts.ts';
import {
  POWER_SWEET,
  gaussian,
  landingPoint,
  powerAt,
  wobbleAmplitude,
  wobbleAt,
  type DartsLevel,
  type Point,
} from './throwModel.ts';
import type { DartsTestHook } from './testHook.ts';

const PLAYER_COLOURS = ['#6366f1', '#f59e0b'] as const;
/** How long a dart flies, and the pause after a turn so the three darts can be seen. */
const FLIGHT_MS = 280;
const TURN_PAUSE_MS = 1100;
/** On a touch screen the aim sits this far above the finger, so the finger does not hide it. */
const TOUCH_AIM_OFFSET_PX = 56;
/** Arrow keys move the aim by this much (mm); with Shift, finer. */
const KEY_STEP_MM = 6;

interface Stuck {
  at: Point;
  player: number;
}

interface Flight {
  to: Point;
  player: number;
  start: number;
}

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

function PlayerCard({ game, index }: { game: DartsGame; index: number }) {
  const player = game.players[index]!;
  const active = game.winner === null && game.current === index;
  const value =
    game.mode === '501'
      ? String(player.remaining)
      : player.target > 25
        ? DartsText.done
        : player.target === 25
          ? DartsText.bull
          : String(player.target);
  return (
    <div
      className={`darts-player${active ? ' darts-player--active' : ''}`}
      style={{ ['--player-colour' as string]: PLAYER_COLOURS[index] }}
    >
      <span className="darts-player__name">{player.name}</span>
      <span className="darts-player__label">
        {game.mode === '501' ? DartsText.remaining : DartsText.target}
      </span>
      <strong className="darts-player__value">{value}</strong>
    </div>
  );
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
  const boardImage = useRef<HTMLCanvasElement | null>(null);
  const [size, setSize] = useState(0);
  const alive = useRef(true);
  const pause = (ms: number) => wait(fast ? Math.min(ms, 40) : ms);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      opponent.dispose?.();
    };
  }, [opponent]);

  // The canvas is a square as big as its box allows; redrawn board at device resolution.
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const measure = () => {
      const box = wrap.getBoundingClientRect();
      setSize(Math.max(200, Math.floor(Math.min(box.width, box.height))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || size === 0) return;
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    const px = Math.round(size * dpr);
    canvas.width = px;
    canvas.height = px;
    const image = document.createElement('canvas');
    image.width = px;
    image.height = px;
    const ctx = image.getContext('2d');
    if (ctx) drawBoard(ctx, px);
    boardImage.current = image;
  }, [size]);

  // One animation loop while the screen is up: the board image, the darts, the aim, the meter.
  useEffect(() => {
    let frame = 0;
    const draw = (now: number) => {
      frame = requestAnimationFrame(draw);
      const canvas = canvasRef.current;
      const image = boardImage.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx || !image) return;
      const view = boardView(canvas.width);
      ctx.drawImage(image, 0, 0);
      for (const dart of stuck.current) drawDart(ctx, view, dart.at, PLAYER_COLOURS[dart.player]!);
      const f = flight.current;
      if (f) {
        const t = Math.min(1, (now - f.start) / FLIGHT_MS);
        const eased = 1 - (1 - t) * (1 - t);
        // From below the board towards the landing point, shrinking as it goes away.
        const from = { x: f.to.x * 0.4, y: -260 };
        const at = { x: from.x + (f.to.x - from.x) * eased, y: from.y + (f.to.y - from.y) * eased };
        drawDart(ctx, view, at, PLAYER_COLOURS[f.player]!, 1 - eased);
      }
      const g = gameRef.current;
      const localTurn = g.winner === null && g.current === 0 && !busyRef.current;
      const held = holdStart.current === null ? 0 : now - holdStart.current;
      if (localTurn) {
        const amplitude = wobbleAmplitude(level, held);
        if (reducedMotion) {
          // No moving hand: the spread is drawn as a circle that grows while held.
          drawAim(ctx, view, aim.current, amplitude, holdStart.current !== null);
        } else {
          const w = wobbleAt(now, amplitude);
          drawAim(
            ctx,
            view,
            { x: aim.current.x + w.x, y: aim.current.y + w.y },
            null,
            holdStart.current !== null,
          );
        }
      }
      const meter = meterRef.current;
      if (meter)
        meter.style.transform = `scaleY(${holdStart.current === null ? 0 : powerAt(held)})`;
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [level, reducedMotion]);

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

  const release = () => {
    const start = holdStart.current;
    holdStart.current = null;
    holdKey.current = null;
    if (start === null || !canThrow()) return;
    const now = performance.now();
    const held = now - start;
    const amplitude = wobbleAmplitude(level, held);
    const wobble = reducedMotion
      ? { x: (gaussian() * amplitude) / 2, y: (gaussian() * amplitude) / 2 }
      : wobbleAt(now, amplitude);
    void play(landingPoint(aim.current, wobble, powerAt(held)));
  };

  const pointToMm = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const view = boardView(rect.width);
    const offset = event.pointerType === 'touch' ? TOUCH_AIM_OFFSET_PX : 0;
    return view.toMm(event.clientX - rect.left, event.clientY - rect.top - offset);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!event.isPrimary || !canThrow()) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    aim.current = pointToMm(event);
    holdStart.current = performance.now();
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!event.isPrimary) return;
    if (event.pointerType !== 'touch' || holdStart.current !== null) aim.current = pointToMm(event);
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!event.isPrimary) return;
    release();
  };
  const onPointerCancel = () => {
    holdStart.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = event.shiftKey ? 1 : KEY_STEP_MM;
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: step },
      ArrowDown: { x: 0, y: -step },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const limit = 200;
      aim.current = {
        x: Math.max(-limit, Math.min(limit, aim.current.x + move.x)),
        y: Math.max(-limit, Math.min(limit, aim.current.y + move.y)),
      };
      return;
    }
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (event.repeat || holdStart.current !== null || !canThrow()) return;
      holdKey.current = event.key;
      holdStart.current = performance.now();
    }
  };
  const onKeyUp = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (holdKey.current !== null && event.key === holdKey.current) {
      event.preventDefault();
      release();
    }
  };

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
  // Screen readers hear each dart's result with the turn (the darts list itself is not live).
  const lastHit = game.throws.at(-1)?.hit;
  const current = game.players[game.current]!;
  const status = localTurn
    ? `${DartsText.yourTurn} · ${DartsText.dartOf(game.dartsInTurn.length + 1)}`
    : DartsText.theirTurn(current.name);

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
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          onBlur={() => {
            holdStart.current = null;
          }}
        />
      </div>
      <aside className="darts-play__side" aria-label="Scoreboard">
        <div className="darts-play__players">
          <PlayerCard game={game} index={0} />
          <PlayerCard game={game} index={1} />
        </div>
        <p className="darts-play__status" role="status" aria-live="polite">
          {message ? <strong className="darts-play__bust">{message} </strong> : null}
          {lastHit ? <span className="visually-hidden">{hitLabel(lastHit)}. </span> : null}
          {status}
        </p>
        <div className="darts-play__turn">
          <span className="darts-play__turn-label">{DartsText.lastDarts}</span>
          <ol className="darts-play__darts">
            {[0, 1, 2].map((i) => (
              <li key={i} className={turnDarts[i] ? 'is-thrown' : undefined}>
                {turnDarts[i] ? hitLabel(turnDarts[i]) : '–'}
              </li>
            ))}
          </ol>
        </div>
        <div className="darts-play__power" aria-hidden="true">
          <span>{DartsText.power}</span>
          <div className="darts-meter">
            <div
              className="darts-meter__sweet"
              style={{
                bottom: `${POWER_SWEET.low * 100}%`,
                height: `${(POWER_SWEET.high - POWER_SWEET.low) * 100}%`,
              }}
            />
            <div className="darts-meter__fill" ref={meterRef} />
          </div>
        </div>
        <button
          type="button"
          className="button button--secondary darts-play__quit"
          onClick={onQuit}
        >
          {DartsText.quit}
        </button>
      </aside>
    </div>
  );
}
