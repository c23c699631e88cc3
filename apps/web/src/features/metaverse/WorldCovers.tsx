import { AppRoute } from '@atrium/protocol';
import { ExitLink } from './ExitLink.tsx';
import type { ExitTarget } from './homePage.ts';
import { WorldText } from './texts.ts';
import type { OtherWorld } from './useOtherWorld.ts';
import type { EndReason, WorldPhase } from './useWorldPlayer.ts';

/**
 * What covers the stage when the world is not running: the session's end, a failed start, or
 * the other world open in its own window.
 */
export function WorldCovers({
  phase,
  endReason,
  otherWorld,
  exit,
  onStart,
  onReturn,
}: {
  phase: WorldPhase;
  endReason: EndReason | null;
  otherWorld: OtherWorld | null;
  exit: ExitTarget;
  onStart: () => void;
  onReturn: () => void;
}) {
  return (
    <>
      {phase === 'ended' && !otherWorld && (
        <div className="world-host__cover">
          <div className="world-host__card" role="status">
            <h2>{WorldText.sessionEndTitle}</h2>
            <p>
              {endReason === 'inactive'
                ? WorldText.sessionEndInactive
                : endReason === 'crash'
                  ? WorldText.sessionEndCrash
                  : WorldText.sessionEndStopped}
            </p>
            <div className="button-row">
              <button type="button" className="button button--primary" onClick={onStart}>
                {WorldText.enterAgain}
              </button>
              <ExitLink exit={exit} className="button button--secondary">
                {WorldText.backHome}
              </ExitLink>
            </div>
          </div>
        </div>
      )}

      {phase === 'failed' && (
        <div className="world-host__cover">
          <div className="world-host__card" role="alert">
            <h2>{WorldText.failed}</h2>
            <button type="button" className="button button--primary" onClick={onStart}>
              {WorldText.retry}
            </button>
          </div>
        </div>
      )}

      {otherWorld && (
        <div className="world-host__cover">
          <div className="world-host__card" role="status">
            <h2>{WorldText.otherWorldTitle}</h2>
            {otherWorld.returningIn !== null ? (
              <p>{WorldText.otherWorldReturning(otherWorld.returningIn)}</p>
            ) : otherWorld.window ? (
              <p>{WorldText.otherWorldBody}</p>
            ) : (
              <p>
                {WorldText.otherWorldBlocked}{' '}
                <a
                  href={`${AppRoute.metaverse}?world=${encodeURIComponent(otherWorld.key)}`}
                  target="_blank"
                  rel="noopener"
                >
                  {WorldText.openOtherWorld}
                </a>
              </p>
            )}
            <button type="button" className="button button--primary" onClick={onReturn}>
              {WorldText.returnNow}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
