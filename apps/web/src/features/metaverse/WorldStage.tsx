import { useEffect, useRef } from 'react';
import { AppRoute } from '@atrium/protocol';
import { Link } from 'react-router';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { useLoadingOverlay } from '../../shared/loading/useLoadingOverlay.ts';
import { useSessionState } from '../../shared/session/SessionContext.tsx';
import { CampusIllustration } from '../../shared/ui/CampusIllustration.tsx';
import { ServerStatus } from './ServerStatus.tsx';

export const WorldText = {
  loading: 'Entering the campus…',
  failed: 'Error starting the game.',
  signedOutTitle: 'Sign in to enter the campus',
  signedOutBody:
    'Log in with your account, or enter as a guest from the home page, and your avatar will be waiting at the plaza.',
  signedOutAction: 'Log in or enter as a guest',
  controls:
    'WASD to walk, Shift to run, Space to jump, 1–0 to emote, drag to look, double-click to walk there.',
} as const;

/**
 * The 3D campus for a signed-in user; three.js loads only when this mounts. The world starts once
 * per user: the access token rotates every few minutes, and restarting on each rotation would
 * drop the avatar out of the world, so the token is read when the world connects.
 */
function WorldCanvas({ token }: { token: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const tokenRef = useRef(token);
  const overlay = useLoadingOverlay();
  const { showError } = useDialogs();

  useEffect(() => {
    tokenRef.current = token;
  }, [token]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let dispose: (() => void) | undefined;
    const fail = (error: unknown) => {
      if (cancelled) return;
      overlay.hide();
      console.error(error);
      void showError({ message: WorldText.failed });
    };
    overlay.show(0, WorldText.loading);
    import('@atrium/world/render')
      .then(({ startWorld }) => {
        if (cancelled) return;
        overlay.show(10, WorldText.loading);
        const world = startWorld(canvas, {
          token: tokenRef.current,
          onProgress: (percent) => {
            if (cancelled) return;
            if (percent >= 100) overlay.hide();
            else overlay.show(percent, WorldText.loading);
          },
          onError: fail,
        });
        dispose = () => world.dispose();
      })
      .catch(fail);
    return () => {
      cancelled = true;
      overlay.hide();
      dispose?.();
    };
  }, [overlay, showError]);

  return (
    <section className="world-stage" aria-label="Campus world">
      <canvas ref={canvasRef} className="world-stage__canvas" tabIndex={0} aria-label="3D campus" />
      <p className="world-stage__hint">{WorldText.controls}</p>
    </section>
  );
}

/** The world when signed in (account or guest); otherwise a way to sign in. */
export function WorldStage() {
  const session = useSessionState();
  if (session.phase === 'signedIn' && session.user && session.token) {
    return <WorldCanvas key={session.user.username} token={session.token} />;
  }
  return (
    <section className="metaverse-stage" aria-labelledby="metaverse-stage-title">
      <CampusIllustration className="metaverse-stage__art" />
      <div className="metaverse-stage__message">
        <h2 id="metaverse-stage-title" className="metaverse-stage__title">
          {WorldText.signedOutTitle}
        </h2>
        <p>{WorldText.signedOutBody}</p>
        <div className="button-row">
          {session.phase !== 'restoring' && (
            <Link to={AppRoute.home} className="button button--primary">
              {WorldText.signedOutAction}
            </Link>
          )}
          <ServerStatus />
        </div>
      </div>
    </section>
  );
}
