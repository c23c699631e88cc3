import { ChatRoomSchema, ChatText } from '@atrium/protocol';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { createReadChatTransport, type ChatTransport } from './chatTransport.ts';
import { ClassroomChat } from './ClassroomChat.tsx';
import './chat.css';

export interface SecondChatPanelProps {
  /** Read tokens of the no-auth row by default; the preview passes a stand-in. */
  transport?: ChatTransport;
  /** A classroom to start in (the typed name is asked for otherwise). */
  initialRoom?: string;
}

/**
 * SPEC §2: the second chat panel, keyed to a typed-in classroom name, with its own form and list.
 * Anyone reads it (SPEC §7's no-auth token row); posting needs a logged-in account.
 */
export function SecondChatPanel({ transport, initialRoom }: SecondChatPanelProps) {
  const readTransport = useMemo(() => transport ?? createReadChatTransport(), [transport]);
  const [room, setRoom] = useState<string | null>(initialRoom ?? null);
  const [name, setName] = useState(initialRoom ?? '');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const errorId = useId();

  const open = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChatRoomSchema.safeParse(name);
    if (!parsed.success) {
      setError(ChatText.roomName);
      field.current?.focus();
      return;
    }
    setError(null);
    setRoom(parsed.data);
  };

  return (
    <section className="chat-second" aria-label={ChatText.secondTitle}>
      <form className="chat-second__form" onSubmit={open}>
        <label htmlFor={fieldId} className="chat-second__label">
          {ChatText.classroomName}
        </label>
        <div className="chat-second__row">
          <input
            ref={field}
            id={fieldId}
            className="chat__input"
            value={name}
            maxLength={64}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="chat__send">
            {room ? ChatText.change : ChatText.open}
          </button>
        </div>
        {error && (
          <p id={errorId} className="chat-second__error" role="alert">
            {error}
          </p>
        )}
      </form>
      {room && (
        <ClassroomChat
          key={room}
          room={room}
          transport={readTransport}
          title={room}
          readersMayWatch
        />
      )}
    </section>
  );
}
