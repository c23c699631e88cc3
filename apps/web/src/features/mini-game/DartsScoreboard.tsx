import { hitLabel, type DartsGame, type Hit } from '@atrium/protocol';
import type { RefObject } from 'react';
import { PLAYER_COLOURS } from './board.ts';
import { DartsText } from './texts.ts';
import { POWER_SWEET } from './throwModel.ts';

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

export interface DartsScoreboardProps {
  game: DartsGame;
  /** The local player may throw now. */
  localTurn: boolean;
  /** The last dart's note (a bust), if any. */
  message: string | null;
  /** The darts of the turn so far. */
  turnDarts: Hit[];
  /** The power meter's fill, scaled by the board's animation loop. */
  meterRef: RefObject<HTMLDivElement | null>;
  onQuit: () => void;
}

/** The side of the game screen: both players' scores, the turn, its darts and the power meter. */
export function DartsScoreboard({
  game,
  localTurn,
  message,
  turnDarts,
  meterRef,
  onQuit,
}: DartsScoreboardProps) {
  // Screen readers hear each dart's result with the turn (the darts list itself is not live).
  const lastHit = game.throws.at(-1)?.hit;
  const current = game.players[game.current]!;
  const status = localTurn
    ? `${DartsText.yourTurn} · ${DartsText.dartOf(game.dartsInTurn.length + 1)}`
    : DartsText.theirTurn(current.name);
  return (
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
      <button type="button" className="button button--secondary darts-play__quit" onClick={onQuit}>
        {DartsText.quit}
      </button>
    </aside>
  );
}
