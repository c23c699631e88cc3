import { AppRoute } from '@atrium/protocol';
import { providerRefusal } from './providerSignIn.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionState, useSessionStore } from '../../shared/session/SessionContext.tsx';
import { notifyError } from '../../shared/toast/toast.ts';
import { abandonMiniGame, miniGameInProgress } from '../../shared/miniGameData.ts';
import { homeFlags, selectHomeBox, type HomeBox, type MiniGameStart } from './homeBox.ts';
import { LoginBox } from './LoginBox.tsx';
import { loginNoticeFrom } from '../../shared/auth/loginNotice.ts';
import { StartBox } from './StartBox.tsx';
import { AuthWebText } from '../../shared/auth/texts.ts';
import './auth.css';

// The boxes a visit rarely starts on load when shown: the home route's first load (login and
// start boxes) stays within its 170 KB budget, and so do the pages that share its entry chunk.
const RegisterBox = lazy(() =>
  import('./RegisterBox.tsx').then((module) => ({ default: module.RegisterBox })),
);
const SessionEndBox = lazy(() =>
  import('./SessionEndBox.tsx').then((module) => ({ default: module.SessionEndBox })),
);
const UpdateUsernameBox = lazy(() =>
  import('./UpdateUsernameBox.tsx').then((module) => ({ default: module.UpdateUsernameBox })),
);

/** Drops the one-shot query flags (`signin`, `session`) from the address, keeping the rest. */
function withoutParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Tells whether the box on screen replaced another one because of something the user did. The
 * first box, and the one that replaces the session check, leave focus where it was.
 */
function useBoxChanged(box: HomeBox): boolean {
  const [seen, setSeen] = useState({ box, changed: false });
  if (seen.box !== box) {
    // Derived during render (React's pattern for "state from the previous render").
    const changed = seen.box !== 'loading';
    setSeen({ box, changed });
    return changed;
  }
  return seen.changed;
}

/** How long the mini-game loading box shows before the stream starts (time to say "Not now"). */
const MINI_GAME_START_DELAY_MS = 1500;

/** The home page's account card: exactly one box of SPEC §2 at a time. */
export function AccountCard() {
  const store = useSessionStore();
  const session = useSessionState();
  const location = useLocation();
  const navigate = useNavigate();
  const { registerOpen, sessionEndedParam } = homeFlags(location.search);
  const [providerError, setProviderError] = useState(() =>
    providerRefusal(new URLSearchParams(location.search).get('signin')),
  );
  // Kept in state: the notice is for the login box the visitor arrived at, not for a later one.
  const [loginNotice] = useState(() => loginNoticeFrom(location.state));
  // SPEC §2/§4: `mini-game=1` starts a new mini game, and one in progress is continued: the
  // loading box says which, then the stream starts directly ("Not now" drops the game).
  const [miniGame, setMiniGame] = useState<MiniGameStart | null>(() =>
    new URLSearchParams(location.search).get('mini-game') === '1'
      ? 'new'
      : miniGameInProgress()
        ? 'continue'
        : null,
  );
  const box = selectHomeBox({ session, sessionEndedParam, registerOpen, miniGame });
  const startingMiniGame = box === 'loading' && miniGame !== null && session.phase === 'signedIn';
  useEffect(() => {
    if (!startingMiniGame) return;
    const timer = window.setTimeout(
      () => void navigate(`${AppRoute.metaverse}?mini-game=1`),
      MINI_GAME_START_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [startingMiniGame, navigate]);
  const handleMiniGameCancel = () => {
    abandonMiniGame();
    setMiniGame(null);
    void navigate({ search: withoutParams(location.search, ['mini-game']) }, { replace: true });
  };
  // The provider failure belongs to the first login box only, not to one shown later.
  if (providerError !== null && box !== 'login' && box !== 'loading') setProviderError(null);
  const focusOnMount = useBoxChanged(box);

  // After a provider sign-in the server sends the visitor back with `?signin=ok` or a refusal's
  // code; the session store has already restored the session for `ok`. Say so once, then tidy
  // the address.
  useEffect(() => {
    const signin = new URLSearchParams(location.search).get('signin');
    if (signin === null) return;
    const refusal = providerRefusal(signin);
    if (refusal) notifyError(refusal);
    void navigate(
      { search: withoutParams(location.search, ['signin']), hash: location.hash },
      { replace: true },
    );
  }, [location.search, location.hash, navigate]);

  const handleSessionEndContinue = () => {
    store.acknowledgeEnded();
    if (sessionEndedParam) {
      void navigate({ search: withoutParams(location.search, ['session']) }, { replace: true });
    }
  };

  let content;
  switch (box) {
    case 'loading':
      content = startingMiniGame ? (
        <div className="account-box account-box--loading account-box--mini-game" role="status">
          <span className="spinner spinner--large" aria-hidden="true" />
          {miniGame === 'new' ? AuthWebText.miniGameNew : AuthWebText.miniGameContinue}
          <button type="button" className="button button--secondary" onClick={handleMiniGameCancel}>
            {AuthWebText.miniGameCancel}
          </button>
        </div>
      ) : (
        <div className="account-box account-box--loading" role="status">
          <span className="spinner spinner--large" aria-hidden="true" />
          {AuthWebText.checkingSession}
        </div>
      );
      break;
    case 'login':
      content = (
        <LoginBox
          focusOnMount={focusOnMount}
          initialError={providerError}
          initialNotice={loginNotice}
        />
      );
      break;
    case 'register':
      content = <RegisterBox focusOnMount={focusOnMount} />;
      break;
    case 'start':
      content = session.user && <StartBox user={session.user} focusOnMount={focusOnMount} />;
      break;
    case 'update-username':
      content = session.user && (
        <UpdateUsernameBox user={session.user} focusOnMount={focusOnMount} />
      );
      break;
    case 'session-end':
      content = (
        <SessionEndBox
          expired={session.ended === 'expired' && !sessionEndedParam}
          signedIn={session.phase === 'signedIn'}
          focusOnMount={focusOnMount}
          onContinue={handleSessionEndContinue}
        />
      );
      break;
    default: {
      const unhandled: never = box;
      throw new Error(`Unknown home box: ${String(unhandled)}`);
    }
  }

  return (
    <div className="account-card" data-box={box}>
      <Suspense fallback={null}>{content}</Suspense>
    </div>
  );
}
