import {
  CHAT_MESSAGE_MAX,
  CHAT_SCROLL_RETRIES,
  CHAT_SCROLL_RETRY_MS,
  ChatText,
  type ChatMessage,
} from '@atrium/protocol';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { LazyReportDialog } from '../../shared/report/LazyReport.tsx';
import { ReportText } from '../../shared/report/texts.ts';
import { useSession } from '../../shared/session/SessionContext.tsx';
import { notifyError } from '../../shared/toast/toast.ts';
import { createAppChatTransport, type ChatTransport } from './chatTransport.ts';
import { EmojiButton } from './EmojiButton.tsx';
import { MessageText } from './MessageText.tsx';
import { useChat } from './useChat.ts';
import './chat.css';

export interface ClassroomChatProps {
  /** room-1..3, or a typed-in classroom name. */
  room: string;
  /** The app's API and socket by default; the preview passes a stand-in. */
  transport?: ChatTransport;
  /** A heading above the messages (the second chat panel has its own). */
  title?: string;
  /**
   * The second panel: anyone may read (read tokens); a visitor without an account, or a guest,
   * is told posting needs one instead of getting the input.
   */
  readersMayWatch?: boolean;
}

/** Older messages load when the list is scrolled this close to its top, in pixels. */
const TOP_THRESHOLD = 48;
/** The list follows new messages while the reader is this close to its end. */
const BOTTOM_THRESHOLD = 80;

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * SPEC §9: scrolls the list to its newest message, retrying 100 times 100 ms apart while the list
 * is not there yet or still growing (fonts, a lazy emoji); returns a cancel.
 */
function scrollToEnd(list: () => HTMLElement | null): () => void {
  let tries = 0;
  let timer = 0;
  const tick = () => {
    const el = list();
    if (el) {
      el.scrollTop = el.scrollHeight;
      if (el.scrollHeight - el.clientHeight - el.scrollTop < 2) return;
    }
    tries += 1;
    if (tries < CHAT_SCROLL_RETRIES) timer = window.setTimeout(tick, CHAT_SCROLL_RETRY_MS);
  };
  tick();
  return () => window.clearTimeout(timer);
}

/**
 * The video room's chat panel (SPEC §2): the messages, an input with the emoji button and Send.
 * Messages are plain text; a teacher or admin may delete one or clear the chat.
 */
export function ClassroomChat({ room, transport, title, readersMayWatch }: ClassroomChatProps) {
  const appTransport = useMemo(() => transport ?? createAppChatTransport(), [transport]);
  const chat = useChat(room, appTransport);
  const session = useSession();
  const dialogs = useDialogs();
  const host = session.user?.role === 'teacher' || session.user?.role === 'admin';
  // Accounts may report someone else's message (issue 29); guests and visitors may not.
  const me =
    session.user && !session.user.isGuest && session.user.role !== 'guest' ? session.user : null;
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  // The server refuses such posts anyway; the panel says why instead of offering the input.
  const postingBlocked = !readersMayWatch
    ? null
    : !session.user
      ? ChatText.loginToPost
      : session.user.isGuest || session.user.role === 'guest'
        ? ChatText.registerToPost
        : null;
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const atEnd = useRef(true);
  const firstId = useRef<number | undefined>(undefined);
  const scrollBefore = useRef<{ height: number; top: number } | null>(null);
  const inputId = useId();

  const newest = chat.messages.at(-1)?.id;
  const oldest = chat.messages[0]?.id;

  // An older page went in at the top: keep the reader where they were.
  useLayoutEffect(() => {
    const el = list.current;
    const before = scrollBefore.current;
    if (el && before && oldest !== firstId.current) {
      el.scrollTop = before.top + (el.scrollHeight - before.height);
      scrollBefore.current = null;
    }
    firstId.current = oldest;
  }, [oldest]);

  // A new message at the end: follow it if the reader was at the end.
  useEffect(() => {
    if (newest === undefined || !atEnd.current) return;
    return scrollToEnd(() => list.current);
  }, [newest]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    atEnd.current = el.scrollHeight - el.clientHeight - el.scrollTop < BOTTOM_THRESHOLD;
    if (el.scrollTop < TOP_THRESHOLD && chat.hasOlder && !chat.loadingOlder) {
      scrollBefore.current = { height: el.scrollHeight, top: el.scrollTop };
      void chat.loadOlder();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: trimmed, and an empty message is not sent.
    const text = draft.trim();
    if (!text || sending) {
      input.current?.focus();
      return;
    }
    setSending(true);
    try {
      await chat.send(text);
      setDraft('');
      atEnd.current = true;
    } catch (error) {
      notifyError(errorMessage(error, ChatText.sendFailed));
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? draft.length;
    const end = el?.selectionEnd ?? draft.length;
    const next = `${draft.slice(0, start)}${emoji}${draft.slice(end)}`.slice(0, CHAT_MESSAGE_MAX);
    setDraft(next);
    requestAnimationFrame(() => {
      el?.focus();
      const caret = Math.min(start + emoji.length, next.length);
      el?.setSelectionRange(caret, caret);
    });
  };

  const remove = (id: number) => {
    chat.remove(id).catch((error: unknown) => notifyError(errorMessage(error)));
  };
  const clear = async () => {
    const yes = await dialogs.confirm({
      title: ChatText.clear,
      message: ChatText.clearConfirm,
      confirmLabel: ChatText.clear,
    });
    if (yes) await chat.clear().catch((error: unknown) => notifyError(errorMessage(error)));
  };

  return (
    <section className="chat" aria-label={title ?? `${ChatText.title} ${room}`}>
      {(title || host) && (
        <header className="chat__header">
          {title && <h2 className="chat__title">{title}</h2>}
          {host && (
            <button type="button" className="chat__clear" onClick={() => void clear()}>
              {ChatText.clear}
            </button>
          )}
        </header>
      )}
      <div
        ref={list}
        className="chat__list"
        role="log"
        aria-label={ChatText.messages}
        tabIndex={0}
        onScroll={onScroll}
      >
        {chat.loadingOlder && <p className="chat__status">{ChatText.loadingOlder}</p>}
        {chat.loaded && chat.messages.length === 0 && (
          <p className="chat__status">{ChatText.empty}</p>
        )}
        <ol className="chat__messages">
          {chat.messages.map((message) => (
            <li key={message.id} className="chat__message" data-id={message.id}>
              <div className="chat__meta">
                <span className="chat__author">{message.username}</span>
                <time className="chat__time" dateTime={message.created_at}>
                  {timeOf(message.created_at)}
                </time>
                {me && message.username !== me.username && (
                  <button
                    type="button"
                    className="chat__report"
                    aria-label={ReportText.reportMessage(message.username)}
                    title={ReportText.reportMessage(message.username)}
                    onClick={() => setReporting(message)}
                  >
                    {ReportText.report}
                  </button>
                )}
                {host && (
                  <button
                    type="button"
                    className="chat__delete"
                    aria-label={ChatText.delete(message.username)}
                    title={ChatText.delete(message.username)}
                    onClick={() => remove(message.id)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                )}
              </div>
              <MessageText message={message.message} />
            </li>
          ))}
        </ol>
      </div>
      {postingBlocked ? (
        <p className="chat__readonly" role="note">
          {postingBlocked}
        </p>
      ) : (
        <form className="chat__form" onSubmit={(event) => void submit(event)}>
          <EmojiButton onPick={insertEmoji} />
          <label className="visually-hidden" htmlFor={inputId}>
            {ChatText.message}
          </label>
          <input
            ref={input}
            id={inputId}
            className="chat__input"
            type="text"
            value={draft}
            maxLength={CHAT_MESSAGE_MAX}
            placeholder={ChatText.placeholder}
            autoComplete="off"
            enterKeyHint="send"
            required
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="chat__send" disabled={sending}>
            {ChatText.send}
          </button>
        </form>
      )}
      {reporting && (
        <LazyReportDialog
          username={reporting.username}
          room={room}
          message_id={reporting.id}
          onClose={() => setReporting(null)}
        />
      )}
    </section>
  );
}
