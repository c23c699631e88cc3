import { CLASSROOM_ROOMS, isCallChannel } from '@atrium/protocol';
import {
  lazy,
  Suspense,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ClassroomTile } from './engine/types.ts';
import { ChatSlotContext, useClassroom } from './classroomContext.ts';
import { GroupsOverview } from './GroupsOverview.tsx';
import { StudentGroups } from './StudentGroups.tsx';
import { classOf } from './groupsModel.ts';
import { Icon } from './icons.tsx';
import {
  ControlButton,
  Lobby,
  MediaControls,
  RaisedHands,
  TeacherControls,
} from './PanelControls.tsx';
import { ClassroomUiText as T } from './texts.ts';
import { useElapsed } from './useElapsed.ts';
import { VideoTile } from './VideoTile.tsx';
import './classroom.css';

// The record's table and its queries load when the view opens, not with the panel.
const ClassRecordDialog = lazy(() =>
  import('./ClassRecordDialog.tsx').then((m) => ({ default: m.ClassRecordDialog })),
);

export interface ClassroomPanelProps {
  /** The class chat (next issue); a placeholder says it is coming until then. */
  chat?: ReactNode;
  /** Buttons of the window around the panel (fullscreen, close), at the header's end. */
  windowButtons?: ReactNode;
  /** The header is where a floating panel is dragged from. */
  headerClassName?: string;
  className?: string;
}

/**
 * SPEC §2 "Video room panel": the header (people, timer), the stream area and chat, the
 * person's controls and the teacher row; before a class, the quick-join buttons.
 */
export function ClassroomPanel({
  chat,
  windowButtons,
  headerClassName,
  className,
}: ClassroomPanelProps) {
  const { state, view, setView } = useClassroom();
  const renderChat = useContext(ChatSlotContext);
  const titleId = useId();
  // The class's own clock (from when it started, the same for everyone), not this person's.
  const elapsed = useElapsed(state.phase === 'joined' ? state.startedAt : null);
  const joined = state.phase === 'joined';
  // A call's own room has no class chat, whiteboard or teacher row: just the people.
  const inCall = state.room !== null && isCallChannel(state.room);
  const chatOpen = view.chatOpen && !inCall;
  const [recordOpen, setRecordOpen] = useState(false);
  const recordRoom = classOf(state.room);
  const classes = ['classroom-panel', view.minimized && 'classroom-panel--minimized', className]
    .filter(Boolean)
    .join(' ');

  return (
    <section
      className={classes}
      aria-labelledby={titleId}
      data-phase={state.phase}
      aria-busy={state.reconnecting || undefined}
    >
      <header className={['classroom-panel__header', headerClassName].filter(Boolean).join(' ')}>
        <div className="classroom-panel__heading">
          <h2 id={titleId} className="classroom-panel__title">
            {state.room ? T.roomName(state.room) : T.panelTitle}
          </h2>
          {joined && (
            <p className="classroom-panel__meta">
              <span className="classroom-panel__live" aria-hidden="true" />
              <span data-testid="classroom-count">{T.people(state.tiles.length)}</span>
              <span aria-hidden="true">·</span>
              <time className="classroom-panel__timer" aria-label={T.elapsed}>
                {elapsed}
              </time>
              {state.host && (state.lobby?.waiting.length ?? 0) > 0 && (
                <>
                  <span aria-hidden="true">·</span>
                  <span className="classroom-panel__waiting" data-testid="classroom-waiting">
                    {T.waitingCount(state.lobby!.waiting.length)}
                  </span>
                </>
              )}
            </p>
          )}
        </div>
        <div className="classroom-panel__window">
          <button
            type="button"
            className="classroom-icon-button"
            aria-label={T.minimize}
            title={view.minimized ? T.maximize : T.minimize}
            aria-pressed={view.minimized}
            onClick={() => setView({ minimized: !view.minimized })}
          >
            <Icon name={view.minimized ? 'maximize' : 'minimize'} size={18} />
          </button>
          {windowButtons}
        </div>
      </header>

      {joined && state.reconnecting && (
        <p className="classroom-panel__status classroom-panel__status--warn" role="status">
          <span className="classroom-spinner" aria-hidden="true" />
          {T.reconnecting}
        </p>
      )}

      {state.phase === 'joining' && (
        <p className="classroom-panel__status" role="status">
          <span className="classroom-spinner" aria-hidden="true" />
          {inCall ? T.joiningCall : T.joining}
        </p>
      )}

      {(state.phase === 'idle' || state.phase === 'failed') && !view.minimized && <NotJoined />}

      {state.phase === 'waiting' && <Waiting />}

      {joined && !view.minimized && (
        <div className={`classroom-panel__body${chatOpen ? ' classroom-panel__body--chat' : ''}`}>
          <SpeakerAnnouncer tiles={state.tiles} />
          <ul
            className={`classroom-grid classroom-grid--${view.grid}`}
            aria-label={T.stream}
            data-count={Math.min(state.tiles.length, 9)}
          >
            {state.tiles.map((tile) => (
              <VideoTile
                key={tile.id}
                tile={tile}
                hand={state.hands.some((h) => h.userId === tile.userId)}
              />
            ))}
          </ul>
          {chatOpen && (
            <aside className="classroom-chat" aria-label={T.chat}>
              {chat ??
                (renderChat && state.room ? (
                  <Suspense fallback={null}>{renderChat(state.room)}</Suspense>
                ) : (
                  <p className="classroom-chat__soon">{T.chatSoon}</p>
                ))}
            </aside>
          )}
        </div>
      )}

      {/* In a breakout group's room, the record is its class's (issue 28 §4). */}
      {recordOpen && recordRoom && (
        <Suspense fallback={null}>
          <ClassRecordDialog room={recordRoom} onClose={() => setRecordOpen(false)} />
        </Suspense>
      )}

      {joined && (
        <div className="classroom-panel__footer">
          {/* Issue 28 §4: a student's group (countdown, message, Call the teacher) above all. */}
          {!state.host && !inCall && !view.minimized && <StudentGroups />}
          <MediaControls
            extra={
              !view.minimized && (
                <>
                  <ControlButton
                    icon="grid"
                    label={T.gridFour}
                    pressed={view.grid === 'four'}
                    control="grid"
                    onClick={() => setView({ grid: view.grid === 'four' ? 'default' : 'four' })}
                  />
                  {!inCall && (
                    <ControlButton
                      icon="record"
                      label={T.classRecord}
                      control="record"
                      onClick={() => setRecordOpen(true)}
                    />
                  )}
                  {!inCall && (
                    <ControlButton
                      icon="chat"
                      label={T.chat}
                      pressed={view.chatOpen}
                      control="chat"
                      onClick={() => setView({ chatOpen: !view.chatOpen })}
                    />
                  )}
                </>
              )
            }
          />
          {state.host && !inCall && !view.minimized && (
            <>
              <Lobby />
              <RaisedHands />
              <GroupsOverview />
              <TeacherControls />
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** How long one "is speaking" stays before another may replace it, so a lively class stays readable. */
const SPEAKER_ANNOUNCE_MS = 3000;

/**
 * A polite live region on the video grid: a screen reader hears who starts speaking (someone
 * else, not the person themself), at most one name every few seconds.
 */
function SpeakerAnnouncer({ tiles }: { tiles: ClassroomTile[] }) {
  const speaker = tiles.find((t) => t.speaking && !t.self)?.name ?? null;
  const [announced, setAnnounced] = useState('');
  const last = useRef({ name: null as string | null, at: 0 });
  useEffect(() => {
    if (!speaker || speaker === last.current.name) return;
    const wait = Math.max(0, last.current.at + SPEAKER_ANNOUNCE_MS - Date.now());
    const timer = window.setTimeout(() => {
      last.current = { name: speaker, at: Date.now() };
      setAnnounced(T.startsSpeaking(speaker));
    }, wait);
    return () => window.clearTimeout(timer);
  }, [speaker]);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="classroom-speaker">
      {announced}
    </p>
  );
}

/** Before a class: SPEC §2's quick-join buttons and join-with-settings. */
function NotJoined() {
  const { requestJoin, joinWithSettings } = useClassroom();
  return (
    <div className="classroom-join">
      <p className="classroom-join__title">{T.notJoinedTitle}</p>
      <p className="classroom-join__text">{T.notJoinedBody}</p>
      <div className="classroom-join__rooms">
        {CLASSROOM_ROOMS.map((room) => (
          <button
            key={room}
            type="button"
            className="button button--secondary classroom-join__room"
            data-room={room}
            onClick={() => requestJoin(room)}
          >
            {room}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="button button--primary classroom-join__settings"
        onClick={() => joinWithSettings('room-1')}
      >
        <Icon name="settings" size={18} />
        {T.joinWithSettings}
      </button>
    </div>
  );
}

/**
 * "Ask to join" (issue 28): the person waits with nothing of the class, until a teacher lets them
 * in (the engine then joins by itself) or not. Leaving is one click.
 */
function Waiting() {
  const { leave } = useClassroom();
  const leaveRef = useRef<HTMLButtonElement>(null);
  // Focus goes to the one thing the person can do here.
  useEffect(() => leaveRef.current?.focus(), []);
  return (
    <div className="classroom-join classroom-lobby-wait">
      <p className="classroom-panel__status" role="status">
        <span className="classroom-spinner" aria-hidden="true" />
        {T.waiting}
      </p>
      <button
        ref={leaveRef}
        type="button"
        className="button button--secondary"
        onClick={() => leave()}
      >
        <Icon name="leave" size={18} />
        {T.lobbyLeave}
      </button>
    </div>
  );
}
