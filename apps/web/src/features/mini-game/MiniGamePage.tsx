import type { DartsGame, DartsMatch, DartsMode } from '@atrium/protocol';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../shared/api/useApi.ts';
import { useSessionState, useSessionStore } from '../../shared/session/SessionContext.tsx';
import { PageTitle } from '../../shared/texts.ts';
import {
  dismissTutorial,
  isTutorialDismissed,
  tutorialCookieName,
} from '../../shared/tutorialCookie.ts';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { PersonMatchText } from './leaderboardTexts.ts';
import type { PersonOpponent } from './personOpponent.ts';
import type * as PlayModule from './play.ts';
import { usePersonMatch } from './usePersonMatch.ts';
import type { DartsOpponent } from './opponent.ts';
import { registerSession, reportFinished } from './session.ts';
import { testHookEnabled, type DartsTestHook } from './testHook.ts';
import { DartsText } from './texts.ts';
import type { DartsLevel } from './throwModel.ts';
import { OutsideWarning } from './screens/DartsCard.tsx';
import { LeaderboardScreen } from './screens/LeaderboardScreen.tsx';
import { SetupScreen } from './screens/SetupScreen.tsx';
import './darts.css';

// Both load when first shown rather than with the game: the popup's dialog library (Radix, with
// its scroll lock) is 13 KB of gzipped JS, and the page's first load stays within the event
// pages' 170 KB budget (bench/web-size.mjs). The board draws meanwhile.
const InstructionPopup = lazy(() =>
  import('./InstructionPopup.tsx').then((module) => ({ default: module.InstructionPopup })),
);
// The board (its canvas drawing and flight) loads as a game starts; the page opens on the setup.
const DartsBoard = lazy(() =>
  import('./DartsBoard.tsx').then((module) => ({ default: module.DartsBoard })),
);
const DartsLeaderboard = lazy(() =>
  import('./DartsLeaderboard.tsx').then((module) => ({ default: module.DartsLeaderboard })),
);

/**
 * The game's code (play.ts: the opponents, with the protocol's darts rules, the computer's throws
 * and the server's texts, the server's calls and the result screen) loads as the first game
 * starts, beside the board, not with the page. With the socket's side of usePersonMatch and the
 * invitation list also loading later, the page's first load went from 176.6 KB to 172.0 KB of
 * gzipped JS (bench/web-size.mjs; this alone 4.1 KB of it; 171.5 KB with vite.config.ts's
 * shorter preload lists), still over the event pages' 170 KB.
 * Until the code is here the page shows the board's "Setting up" line, as it does while the board
 * loads; the result screen renders from the loaded module, so it shows (and takes focus) at once.
 */
type Play = typeof PlayModule;
let loadedPlay: Play | null = null;
function loadPlay(): Promise<Play> {
  // The board loads meanwhile, so the game does not wait for it afterwards.
  void import('./DartsBoard.tsx');
  return import('./play.ts').then((module) => (loadedPlay = module));
}

/** While the game's code or the board loads. */
const boardLoading = (
  <p className="darts-card" role="status">
    {DartsText.loadingBoard}
  </p>
);

/** Inside the game-collection frame (or marked `?embedded`), the game; opened directly, the warning. */
export function isEmbedded(search = window.location.search): boolean {
  let framed = false;
  try {
    framed = window.top !== window;
  } catch {
    framed = true;
  }
  return framed || new URLSearchParams(search).has('embedded');
}

const prefersReducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

type Screen =
  | { kind: 'setup' }
  /** A game starts: its code (play.ts) loads. */
  | { kind: 'starting' }
  | { kind: 'playing'; round: number; opponent: DartsOpponent; person?: PersonOpponent }
  | { kind: 'result'; game: DartsGame; person: boolean }
  | { kind: 'leaderboard' };

/** `/mini-game/index.html`: darts (SPEC §1 "a dart game collection"), played in the metaverse's frame. */
export function MiniGamePage() {
  usePageTitle(PageTitle.miniGame);
  const [embedded] = useState(() => isEmbedded());
  if (!embedded) return <OutsideWarning />;
  return <DartsGamePage />;
}

function DartsGamePage() {
  const session = useSessionState();
  const user = session.user;
  const isGuest = !user || user.is_guest;
  const username = user?.username ?? '';
  const localName = user?.username ?? DartsText.guest;
  const cookie = tutorialCookieName(
    user ? { username: user.username, is_guest: user.is_guest } : null,
  );
  const [instructions, setInstructions] = useState(false);
  const [mode, setMode] = useState<DartsMode>('501');
  const [level, setLevel] = useState<DartsLevel>('medium');
  const [screen, setScreen] = useState<Screen>({ kind: 'setup' });
  const [reducedMotion] = useState(prefersReducedMotion);
  const [testHook] = useState(() => testHookEnabled());
  // e2e (`?test-hook=1`): short pauses and a quick computer.
  const [fast] = useState(
    () => new URLSearchParams(window.location.search).get('test-hook') === '1',
  );
  const startRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLButtonElement>(null);
  const boardHook = useRef<DartsTestHook | null>(null);
  const [againstPerson, setAgainstPerson] = useState(false);
  const [inviteName, setInviteName] = useState('');
  const [serverNote, setServerNote] = useState<string | null>(null);
  const [boardVersion, setBoardVersion] = useState(0);
  const token = session.token ?? null;
  const store = useSessionStore();
  // The client reads the token at call time: it is refreshed while a game is played.
  const client = useApi();
  const queryClient = useQueryClient();
  // The latest game asked for: a game whose code arrives after another was asked for is dropped.
  const latestStart = useRef(0);
  /** Runs `begin` with the game's code, at once once loaded, else on the "starting" screen. */
  const withPlay = useCallback((begin: (play: Play) => void) => {
    const id = ++latestStart.current;
    if (loadedPlay) return begin(loadedPlay);
    setScreen({ kind: 'starting' });
    loadPlay().then(
      (play) => {
        if (id === latestStart.current) begin(play);
      },
      // Like a lazy component's: the route's error page says the code did not load.
      (error: unknown) =>
        setScreen(() => {
          throw error;
        }),
    );
  }, []);
  // A match against a person started (ours was accepted, or we accepted theirs).
  const onMatchStarted = useCallback(
    (started: DartsMatch, socket: AppSocket) => {
      if (!user) return;
      withPlay((play) => {
        registerSession({ username: user.username, isGuest: false });
        setServerNote(null);
        setMode(started.mode);
        const other = play.personOpponent(socket, started, user._id, (text) => setServerNote(text));
        setScreen({ kind: 'playing', round: Date.now(), opponent: other, person: other });
      });
    },
    [user, withPlay],
  );
  const match = usePersonMatch(token, Boolean(user && !user.is_guest && token), onMatchStarted);

  // The instructions open once the session is known, unless "Don't show again" was chosen.
  const sessionKnown = session.phase !== 'restoring';
  const [checkedCookie, setCheckedCookie] = useState<string | null>(null);
  if (sessionKnown && checkedCookie !== cookie) {
    setCheckedCookie(cookie);
    if (!isTutorialDismissed(cookie)) setInstructions(true);
  }

  const person = screen.kind === 'playing' ? screen.person : undefined;
  const opponent = screen.kind === 'playing' ? screen.opponent : null;

  const start = () =>
    withPlay((play) => {
      registerSession({ username: username || DartsText.guest, isGuest });
      // The computer plays on the server, which keeps the result; a visitor without a session
      // practises against the browser's computer, and nothing is kept.
      const thinkMs = fast ? { thinkMs: 20 } : {};
      const computer = store.getSnapshot().token
        ? play.serverComputer(
            play.minigameHttp(client, queryClient),
            mode,
            level,
            play.computerName,
            thinkMs,
          )
        : play.practiceComputer(level, play.computerName, thinkMs);
      setServerNote(null);
      setScreen({ kind: 'playing', round: Date.now(), opponent: computer });
    });

  const finished = useCallback(
    (game: DartsGame) => {
      reportFinished(game.winner === 0);
      // The server's verdict: whether the result counts on the leaderboard.
      const result = opponent?.result();
      if (result) {
        setServerNote(result.message);
        setBoardVersion((v) => v + 1);
      }
      if (person) setServerNote(PersonMatchText.stored);
      setScreen({ kind: 'result', game, person: Boolean(person) });
    },
    [opponent, person],
  );

  useEffect(() => {
    if (screen.kind === 'result') resultRef.current?.focus();
  }, [screen.kind]);

  // window.__darts for e2e and the benchmark (only with ?test-hook=1, or in development).
  const onTestHook = useCallback((hook: DartsTestHook | null) => {
    boardHook.current = hook;
  }, []);
  const screenRef = useRef(screen);
  useEffect(() => {
    screenRef.current = screen;
  }, [screen]);
  useEffect(() => {
    if (!testHook) return;
    window.__darts = {
      throwAt: (x, y) => boardHook.current?.throwAt(x, y) ?? false,
      state: () => {
        const s = screenRef.current;
        const inner = boardHook.current?.state();
        return {
          screen: s.kind,
          game: s.kind === 'result' ? s.game : (inner?.game ?? null),
          busy: inner?.busy ?? false,
          localTurn: inner?.localTurn ?? false,
        };
      },
    };
    return () => {
      delete window.__darts;
    };
  }, [testHook]);

  return (
    <main className="darts" id="main-content">
      <h1 className="visually-hidden">{DartsText.title}</h1>
      {screen.kind === 'setup' && (
        <SetupScreen
          match={match}
          isGuest={isGuest}
          mode={mode}
          onMode={setMode}
          level={level}
          onLevel={setLevel}
          againstPerson={againstPerson}
          onAgainstPerson={setAgainstPerson}
          inviteName={inviteName}
          onInviteName={setInviteName}
          startRef={startRef}
          onStart={start}
          onLeaderboard={() => setScreen({ kind: 'leaderboard' })}
          onInstructions={() => setInstructions(true)}
        />
      )}
      {screen.kind === 'starting' && boardLoading}
      {screen.kind === 'playing' && opponent && (
        <Suspense fallback={boardLoading}>
          <DartsBoard
            key={screen.round}
            mode={mode}
            level={level}
            playerNames={[localName, opponent.name]}
            opponent={opponent}
            firstThrower={person?.firstThrower ?? 0}
            reducedMotion={reducedMotion}
            fast={fast}
            onFinished={finished}
            onQuit={() => {
              void person?.leave();
              setScreen({ kind: 'setup' });
            }}
            onTestHook={testHook ? onTestHook : undefined}
          />
        </Suspense>
      )}
      {screen.kind === 'result' && loadedPlay && (
        <loadedPlay.ResultScreen
          match={match}
          game={screen.game}
          serverNote={serverNote}
          playAgainRef={resultRef}
          onPlayAgain={screen.person ? () => setScreen({ kind: 'setup' }) : start}
          onLeaderboard={() => setScreen({ kind: 'leaderboard' })}
          onChangeGame={() => setScreen({ kind: 'setup' })}
        />
      )}
      {screen.kind === 'leaderboard' && (
        <LeaderboardScreen match={match} onBack={() => setScreen({ kind: 'setup' })}>
          <Suspense fallback={null}>
            <DartsLeaderboard version={boardVersion} autoFocus />
          </Suspense>
        </LeaderboardScreen>
      )}
      {instructions && (
        <Suspense fallback={null}>
          <InstructionPopup
            open={instructions}
            afterClose={startRef}
            onClose={(dontShowAgain) => {
              if (dontShowAgain) dismissTutorial(cookie);
              setInstructions(false);
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
