import {
  AppRoute,
  DARTS_MODES,
  type DartsGame,
  type DartsInvited,
  type DartsMatch,
  type DartsMode,
} from '@atrium/protocol';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSessionState, useSessionStore } from '../../shared/session/SessionContext.tsx';
import { PageTitle } from '../../shared/texts.ts';
import {
  dismissTutorial,
  isTutorialDismissed,
  tutorialCookieName,
} from '../../shared/tutorialCookie.ts';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { PersonMatchText } from './leaderboardTexts.ts';
import { createMinigameHttp } from './minigameApi.ts';
import { personOpponent, type PersonOpponent } from './personOpponent.ts';
import { startServerSession, type ServerSession } from './serverSession.ts';
import { usePersonMatch } from './usePersonMatch.ts';
import { computerOpponent, type DartsOpponent } from './opponent.ts';
import { registerSession, reportFinished } from './session.ts';
import { testHookEnabled, type DartsTestHook } from './testHook.ts';
import { DartsText } from './texts.ts';
import { DARTS_LEVELS, type DartsLevel } from './throwModel.ts';
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

/** SPEC §8: opened outside the metaverse, the mini game says it is reached through the Metaverse. */
function OutsideWarning() {
  return (
    <main className="darts darts--outside" id="main-content">
      <section className="darts-card" role="alert" aria-labelledby="darts-outside-title">
        <DartIcon />
        <h1 id="darts-outside-title" className="darts-card__title">
          {DartsText.outsideTitle}
        </h1>
        <p className="darts-card__lead">{DartsText.outsideWarning}</p>
        <p className="darts-card__text">{DartsText.outsideBody}</p>
        <div className="button-row">
          <a className="button button--primary" href={`${AppRoute.metaverse}?mini-game=1`}>
            {DartsText.enterMetaverse}
          </a>
        </div>
      </section>
    </main>
  );
}

function DartIcon() {
  return (
    <svg className="darts-card__icon" viewBox="0 0 48 48" width={48} height={48} aria-hidden="true">
      <circle cx="24" cy="24" r="22" fill="#16182b" />
      <circle cx="24" cy="24" r="17" fill="#c8102e" />
      <circle cx="24" cy="24" r="14" fill="#f1e3c2" />
      <circle cx="24" cy="24" r="8" fill="#0b7a3e" />
      <circle cx="24" cy="24" r="3.5" fill="#c8102e" />
    </svg>
  );
}

type Screen =
  | { kind: 'setup' }
  | { kind: 'playing'; round: number; person?: PersonOpponent }
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
  const serverGame = useRef<ServerSession | null>(null);
  const token = session.token ?? null;
  const store = useSessionStore();
  // The token is read at call time: it is refreshed while a game is played.
  const http = useMemo(() => createMinigameHttp(() => store.getSnapshot().token ?? null), [store]);
  // A match against a person started (ours was accepted, or we accepted theirs).
  const onMatchStarted = useCallback(
    (started: DartsMatch, socket: AppSocket) => {
      if (!user) return;
      registerSession({ username: user.username, isGuest: false });
      serverGame.current = null;
      setServerNote(null);
      setMode(started.mode);
      const other = personOpponent(socket, started, user._id, (text) => setServerNote(text));
      setScreen({ kind: 'playing', round: Date.now(), person: other });
    },
    [user],
  );
  const match = usePersonMatch(token, Boolean(user && !user.is_guest && token), onMatchStarted);

  // The instructions open once the session is known, unless "Don't show again" was chosen.
  const sessionKnown = session.phase !== 'restoring';
  const [checkedCookie, setCheckedCookie] = useState<string | null>(null);
  if (sessionKnown && checkedCookie !== cookie) {
    setCheckedCookie(cookie);
    if (!isTutorialDismissed(cookie)) setInstructions(true);
  }

  const round = screen.kind === 'playing' ? screen.round : 0;
  const person = screen.kind === 'playing' ? screen.person : undefined;
  const opponent: DartsOpponent = useMemo(
    () => person ?? computerOpponent(level, DartsText.computer, fast ? { thinkMs: 20 } : {}),
    // A new opponent for every round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [level, round, fast, person],
  );

  const start = () => {
    registerSession({ username: username || DartsText.guest, isGuest });
    // The server hears of the game too (the leaderboard); without a token the game is local.
    serverGame.current = store.getSnapshot().token
      ? startServerSession(http, mode, {
          kind: 'computer',
          level: DARTS_LEVELS.indexOf(level) + 1,
        })
      : null;
    setServerNote(null);
    setScreen({ kind: 'playing', round: Date.now() });
  };

  const finished = useCallback(
    (game: DartsGame) => {
      const server = serverGame.current;
      serverGame.current = null;
      reportFinished(
        {
          mode: game.mode,
          hits: game.throws.map((t) => t.hit),
          players: game.players.map((p) => p.name),
          winnerIndex: game.winner ?? -1,
        },
        server,
      ).then(
        (result) => {
          if (!result) return;
          // The server's verdict: whether the result counts on the leaderboard.
          setServerNote(result.message);
          setBoardVersion((v) => v + 1);
        },
        (error: unknown) => setServerNote(error instanceof Error ? error.message : null),
      );
      if (person) {
        setServerNote(PersonMatchText.stored);
      }
      setScreen({ kind: 'result', game, person: Boolean(person) });
    },
    [person],
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
        <section className="darts-card darts-setup" aria-labelledby="darts-setup-title">
          <Invitations
            list={match.invitations}
            onAnswer={(i, accept) => void match.answer(i, accept)}
          />
          <DartIcon />
          <h2 id="darts-setup-title" className="darts-card__title">
            {DartsText.setupTitle}
          </h2>
          <div className="darts-setup__groups">
            <fieldset className="darts-setup__group">
              <legend>{DartsText.mode}</legend>
              {DARTS_MODES.map((m) => (
                <label key={m} className="darts-choice">
                  <input
                    type="radio"
                    name="darts-mode"
                    value={m}
                    checked={mode === m}
                    onChange={() => setMode(m)}
                  />
                  <span>
                    <strong>{DartsText.modeName[m]}</strong>
                    <small>{DartsText.modeHelp[m]}</small>
                  </span>
                </label>
              ))}
            </fieldset>
            <fieldset className="darts-setup__group">
              <legend>{DartsText.opponent}</legend>
              <div className="darts-setup__levels">
                {DARTS_LEVELS.map((l) => (
                  <label key={l} className="darts-choice darts-choice--compact">
                    <input
                      type="radio"
                      name="darts-level"
                      value={l}
                      checked={!againstPerson && level === l}
                      onChange={() => {
                        setLevel(l);
                        setAgainstPerson(false);
                      }}
                    />
                    <span>
                      <strong>{DartsText.levelName[l]}</strong>
                    </span>
                  </label>
                ))}
                <label
                  className={`darts-choice darts-choice--compact${isGuest ? ' darts-choice--disabled' : ''}`}
                >
                  <input
                    type="radio"
                    name="darts-level"
                    value="person"
                    disabled={isGuest}
                    checked={againstPerson}
                    onChange={() => setAgainstPerson(true)}
                  />
                  <span>
                    <strong>{DartsText.person}</strong>
                    {isGuest && <small>{PersonMatchText.signInFirst}</small>}
                  </span>
                </label>
              </div>
            </fieldset>
          </div>
          {againstPerson && (
            <PersonInvite
              name={inviteName}
              onName={setInviteName}
              waitingFor={match.outgoing?.players[1]?.username ?? null}
              ready={match.socket !== null}
              onInvite={() => void match.invite(inviteName, mode)}
              onCancel={() => void match.cancel()}
            />
          )}
          {match.notice && (
            <p className="darts-note" role="alert">
              {match.notice}
            </p>
          )}
          <div className="button-row">
            {!againstPerson && (
              <button
                ref={startRef}
                type="button"
                className="button button--primary"
                onClick={start}
              >
                {DartsText.start}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setScreen({ kind: 'leaderboard' })}
            >
              {PersonMatchText.leaderboard}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setInstructions(true)}
            >
              {DartsText.howToPlay}
            </button>
          </div>
        </section>
      )}
      {screen.kind === 'playing' && (
        <Suspense
          fallback={
            <p className="darts-card" role="status">
              {DartsText.loadingBoard}
            </p>
          }
        >
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
      {screen.kind === 'result' && (
        <section className="darts-card darts-result" aria-labelledby="darts-result-title">
          <Invitations
            list={match.invitations}
            onAnswer={(i, accept) => void match.answer(i, accept)}
          />
          <DartIcon />
          <h2 id="darts-result-title" className="darts-card__title">
            {DartsText.resultTitle(screen.game.winner === 0)}
          </h2>
          <p className="darts-card__lead">
            {DartsText.resultBody(
              screen.game.players[screen.game.winner ?? 0]!.name,
              screen.game.throws.filter((t) => t.player === screen.game.winner).length,
            )}
          </p>
          {serverNote && <p className="darts-card__text">{serverNote}</p>}
          <dl className="darts-result__scores">
            {screen.game.players.map((p, i) => (
              <div key={i} className={i === screen.game.winner ? 'is-winner' : undefined}>
                <dt>{p.name}</dt>
                <dd>
                  {screen.game.mode === '501'
                    ? `${DartsText.remaining} ${p.remaining}`
                    : p.target > 25
                      ? DartsText.finished
                      : `${DartsText.target} ${p.target === 25 ? DartsText.bull : p.target}`}
                </dd>
              </div>
            ))}
          </dl>
          <div className="button-row">
            <button
              ref={resultRef}
              type="button"
              className="button button--primary"
              onClick={screen.person ? () => setScreen({ kind: 'setup' }) : start}
            >
              {DartsText.playAgain}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setScreen({ kind: 'leaderboard' })}
            >
              {PersonMatchText.leaderboard}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setScreen({ kind: 'setup' })}
            >
              {DartsText.changeGame}
            </button>
          </div>
        </section>
      )}
      {screen.kind === 'leaderboard' && (
        <div className="darts-card darts-leaderboard">
          <Invitations
            list={match.invitations}
            onAnswer={(i, accept) => void match.answer(i, accept)}
          />
          <Suspense fallback={null}>
            <DartsLeaderboard http={http} version={boardVersion} autoFocus />
          </Suspense>
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setScreen({ kind: 'setup' })}
            >
              {PersonMatchText.back}
            </button>
          </div>
        </div>
      )}
      {instructions && (
        <Suspense fallback={null}>
          <InstructionPopup
            open={instructions}
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

/** The username to invite, or the invitation waiting for its answer. */
function PersonInvite({
  name,
  onName,
  waitingFor,
  ready,
  onInvite,
  onCancel,
}: {
  name: string;
  onName: (name: string) => void;
  waitingFor: string | null;
  ready: boolean;
  onInvite: () => void;
  onCancel: () => void;
}) {
  if (waitingFor) {
    return (
      <div className="darts-invite" role="status">
        <p className="darts-card__text">{PersonMatchText.inviting(waitingFor)}</p>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {PersonMatchText.cancel}
        </button>
      </div>
    );
  }
  return (
    <form
      className="darts-invite"
      onSubmit={(event) => {
        event.preventDefault();
        onInvite();
      }}
    >
      <label className="darts-invite__label" htmlFor="darts-invite-name">
        {PersonMatchText.username}
      </label>
      <div className="darts-invite__row">
        <input
          id="darts-invite-name"
          className="input"
          value={name}
          autoComplete="off"
          aria-describedby="darts-invite-hint"
          onChange={(event) => onName(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={!ready}>
          {PersonMatchText.invite}
        </button>
      </div>
      <small id="darts-invite-hint" className="darts-invite__hint">
        {ready ? PersonMatchText.usernameHint : PersonMatchText.offline}
      </small>
    </form>
  );
}

/** Invitations to a match from people on the campus, each with Play and Decline. */
function Invitations({
  list,
  onAnswer,
}: {
  list: DartsInvited[];
  onAnswer: (invitation: DartsInvited, accept: boolean) => void;
}) {
  if (list.length === 0) return null;
  return (
    <ul className="darts-invitations" aria-live="polite">
      {list.map((i) => (
        <li key={i.matchId} className="darts-invitation">
          <span>{PersonMatchText.invited(i.from, DartsText.modeName[i.mode])}</span>
          <span className="button-row">
            <button
              type="button"
              className="button button--primary"
              onClick={() => onAnswer(i, true)}
            >
              {PersonMatchText.accept}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onAnswer(i, false)}
            >
              {PersonMatchText.decline}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
