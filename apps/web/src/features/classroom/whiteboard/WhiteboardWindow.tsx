import type { RoomState, RoomUser, SendMessage } from '@atrium/protocol';
import { ROOM_URL_MAX } from '@atrium/protocol';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { Rnd } from 'react-rnd';
import { notifyError } from '../../../shared/toast/toast.ts';
import { Icon } from '../icons.tsx';
import type { BoardTransport } from '../room/roomChannel.ts';
import { ClassroomUiText as T } from '../texts.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/ui/useMediaQuery.ts';
import { useWindowStack } from '../../../shared/ui/windowStack.ts';
import { fitFrame, FRAME_RESIZE_DEBOUNCE_MS, WHITEBOARD_FADE_MS } from './frame.ts';
import { loadWhiteboardCanvas } from './loadWhiteboardCanvas.ts';
import { useFade } from './useFade.ts';
import '../classroomWindow.css';
import './whiteboard.css';

const WhiteboardCanvas = lazy(() =>
  loadWhiteboardCanvas().then((module) => ({ default: module.WhiteboardCanvas })),
);

type Whiteboard = NonNullable<RoomState['whiteboard']>;

export interface WhiteboardWindowProps {
  /** The open board, or null: the window fades out (SPEC §9, 350 ms). */
  whiteboard: Whiteboard | null;
  /** Who the room socket says we are. */
  meId: string | null;
  users: readonly RoomUser[];
  board: BoardTransport | null;
  send: (message: SendMessage) => Promise<void>;
  /**
   * A breakout group's board (issue 28 §4): the group's, so anyone in it changes and closes it,
   * until a teacher (`host`) makes it read-only.
   */
  group?: boolean;
  host?: boolean;
}

const START = { width: 880, height: 600 };
const MARGIN = 24;

const say = (error: unknown) =>
  notifyError(error instanceof Error && error.message ? error.message : String(error));

/**
 * SPEC §2 "Whiteboard popup": a title bar, the board's URL, the owner's switch 'Disallow
 * participant to draw' and Close, and the board in a 16:9 frame within the window minus 32 px.
 * Shown to everyone in the room while the state has a whiteboard; the owner's controls are only
 * conveniences, the server refuses anyone else's.
 */
export function WhiteboardWindow({
  whiteboard,
  meId,
  users,
  board,
  send,
  group = false,
  host = false,
}: WhiteboardWindowProps) {
  // The last open board stays drawn while the window fades out.
  const [shownBoard, setShownBoard] = useState(whiteboard);
  if (whiteboard && whiteboard !== shownBoard) setShownBoard(whiteboard);
  const fade = useFade(whiteboard !== null, WHITEBOARD_FADE_MS);
  const phone = useMediaQuery(PHONE_QUERY);
  // Stacked with the class's other windows; it keeps its place while it fades out.
  const stacking = useWindowStack(fade.mounted);
  const current = whiteboard ?? shownBoard;
  if (!fade.mounted || !current) return null;

  // The server's rules (room.socket.ts), mirrored: the controls show only what it would accept.
  const owner = group ? host || !current.readonly : meId !== null && current.owner === meId;
  const body = (
    <WhiteboardBody
      whiteboard={current}
      owner={owner}
      mayLock={group ? host : owner}
      groupNote={group && !host}
      canDraw={owner || !current.readonly}
      users={users}
      board={board}
      send={send}
    />
  );
  const classes = `whiteboard${fade.shown ? ' whiteboard--shown' : ''}`;
  if (phone) {
    return createPortal(
      <div className="whiteboard-layer whiteboard-layer--phone" {...stacking}>
        <div className={classes}>{body}</div>
      </div>,
      document.body,
    );
  }
  return createPortal(
    <div className="classroom-layer whiteboard-layer" {...stacking}>
      <Rnd
        className={classes}
        bounds="parent"
        default={{
          x: MARGIN,
          y: Math.min(84, Math.max(0, window.innerHeight - START.height - MARGIN)),
          width: Math.min(START.width, window.innerWidth - 2 * MARGIN),
          height: Math.min(START.height, window.innerHeight - 2 * MARGIN),
        }}
        minWidth={360}
        minHeight={300}
        dragHandleClassName="whiteboard__bar"
        cancel="button, input, .whiteboard__frame"
      >
        {body}
      </Rnd>
    </div>,
    document.body,
  );
}

interface BodyProps {
  whiteboard: Whiteboard;
  /** May change the URL and close the board. */
  owner: boolean;
  /** May make it read-only ('Disallow participant to draw'). */
  mayLock: boolean;
  /** A student in a group: says the board is the group's. */
  groupNote: boolean;
  canDraw: boolean;
  users: readonly RoomUser[];
  board: BoardTransport | null;
  send: (message: SendMessage) => Promise<void>;
}

function WhiteboardBody({
  whiteboard,
  owner,
  mayLock,
  groupNote,
  canDraw,
  users,
  board,
  send,
}: BodyProps) {
  const titleId = useId();
  const urlId = useId();
  // The field follows the board's URL when it changes (the owner's change, or another tab's).
  const [url, setUrl] = useState(whiteboard.url);
  const [boardUrl, setBoardUrl] = useState(whiteboard.url);
  if (boardUrl !== whiteboard.url) {
    setBoardUrl(whiteboard.url);
    setUrl(whiteboard.url);
  }

  const handleChangeUrl = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: trimmed; an empty one does nothing.
    const next = url.trim();
    if (!next || next === whiteboard.url) {
      setUrl(whiteboard.url);
      return;
    }
    send({ type: 'action', name: 'update_whiteboard', data: { url: next } }).catch(say);
  };
  const handleReadonly = () =>
    void send({
      type: 'action',
      name: 'update_whiteboard',
      data: { readonly: !whiteboard.readonly },
    }).catch(say);
  const handleClose = () => void send({ type: 'action', name: 'close_whiteboard' }).catch(say);

  let note: ReactNode = null;
  if (!mayLock) {
    if (whiteboard.readonly) note = T.whiteboardReadonlyNote;
    else note = groupNote ? T.whiteboardGroupNote : T.whiteboardDrawNote;
  }

  return (
    <section className="whiteboard__inner" aria-labelledby={titleId}>
      <header className="whiteboard__bar">
        <Icon name="whiteboard" size={18} />
        <h2 id={titleId} className="whiteboard__title">
          {T.whiteboardTitle}
        </h2>
        {owner && (
          <button
            type="button"
            className="whiteboard__close"
            data-control="whiteboard-close"
            onClick={handleClose}
          >
            <Icon name="close" size={16} />
            {T.whiteboardClose}
          </button>
        )}
      </header>
      <div className="whiteboard__tools">
        <form className="whiteboard__url" onSubmit={handleChangeUrl}>
          <label htmlFor={urlId} className="whiteboard__label">
            {T.whiteboardUrlLabel}
          </label>
          <input
            id={urlId}
            className="whiteboard__input"
            value={url}
            readOnly={!owner}
            maxLength={ROOM_URL_MAX}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setUrl(event.target.value)}
          />
          {owner && (
            <button type="submit" className="whiteboard__button">
              {T.whiteboardChangeUrl}
            </button>
          )}
        </form>
        {mayLock ? (
          <button
            type="button"
            role="switch"
            aria-checked={whiteboard.readonly}
            className="whiteboard__switch"
            data-control="whiteboard-readonly"
            onClick={handleReadonly}
          >
            <span className="whiteboard__track" aria-hidden="true">
              <span className="whiteboard__thumb" />
            </span>
            {T.whiteboardDisallow}
          </button>
        ) : (
          <p className="whiteboard__note" role="status">
            {note}
          </p>
        )}
      </div>
      <FittedFrame>
        {board && (
          <Suspense fallback={<p className="whiteboard__loading">{T.whiteboardLoading}</p>}>
            {/* A new URL is a new board: a fresh editor, synced from the relay. */}
            <WhiteboardCanvas
              key={whiteboard.url}
              board={board}
              canDraw={canDraw}
              users={users}
              onError={notifyError}
            />
          </Suspense>
        )}
      </FittedFrame>
    </section>
  );
}

/** The 16:9 frame within the space left, less 32 px; recalculated 100 ms after a resize. */
function FittedFrame({ children }: { children: ReactNode }) {
  const areaRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const measure = () => setSize(fitFrame(area.clientWidth, area.clientHeight));
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, FRAME_RESIZE_DEBOUNCE_MS);
    });
    observer.observe(area);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);
  return (
    <div ref={areaRef} className="whiteboard__area">
      {size && (
        <div className="whiteboard__frame" style={{ width: size.width, height: size.height }}>
          {children}
        </div>
      )}
    </div>
  );
}
