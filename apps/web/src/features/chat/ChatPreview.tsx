import { ChatText } from '@atrium/protocol';
import { useMemo } from 'react';
import { useSession } from '../../shared/session/SessionContext.tsx';
import { SessionProvider } from '../../shared/session/SessionContext.tsx';
import { createAppChatTransport } from './chatTransport.ts';
import { ClassroomChat } from './ClassroomChat.tsx';
import { createMemoryChatTransport } from './memoryChatTransport.ts';
import { SecondChatPanel } from './SecondChatPanel.tsx';

const SEED = [
  { room: 'room-1', username: 'tina', message: 'Welcome to Optics 101 👋' },
  { room: 'room-1', username: 'sam', message: 'Where are the slides?' },
  { room: 'room-1', username: 'tina', message: 'Here: https://example.org/optics/slides.pdf' },
  { room: 'room-1', username: 'lou', message: '<script>alert("stays text")</script> 😂' },
  {
    room: 'room-1',
    username: 'sam',
    message:
      'A longer question, to see how the bubble wraps: does refraction depend on the colour of the light, or only on the material?',
  },
];

/**
 * Development-only page: the classroom chat and the second chat panel. Signed in, they use the
 * real API and socket (the e2e test chats through it); signed out, a chat held in the page, as
 * a teacher (`?as=member` for a member's view, `?history=N` for N older messages).
 */
export function ChatPreviewPage() {
  const session = useSession();
  const params = new URLSearchParams(window.location.search);
  const signedIn = session.user !== null;
  const role = params.get('as') === 'member' ? 'member' : 'teacher';
  // `?history=N`: N numbered messages before the usual ones, to page back through.
  const history = Math.min(Number(params.get('history')) || 0, 1000);
  const transport = useMemo(
    () =>
      signedIn
        ? createAppChatTransport()
        : createMemoryChatTransport(
            () => (role === 'teacher' ? 'tina' : 'sam'),
            [
              ...Array.from({ length: history }, (_, i) => ({
                room: 'room-1',
                username: 'lou',
                message: `Old message ${i + 1}`,
              })),
              ...SEED,
            ],
          ),
    [signedIn, role, history],
  );
  const room = params.get('room') ?? 'room-1';
  const body = (
    <main className="chat-preview" data-chat-source={signedIn ? 'server' : 'memory'}>
      <div className="chat-preview__panel">
        <h1 className="chat-preview__title">{ChatText.title}</h1>
        <div className="chat-preview__chat">
          <ClassroomChat room={room} transport={transport} />
        </div>
      </div>
      <div className="chat-preview__panel">
        <h1 className="chat-preview__title">{ChatText.secondTitle}</h1>
        <div className="chat-preview__chat">
          <SecondChatPanel transport={transport} />
        </div>
      </div>
    </main>
  );
  if (signedIn) return body;
  return (
    <SessionProvider
      value={{
        user: { username: role === 'teacher' ? 'tina' : 'sam', role },
        hasNewAlbumItems: false,
      }}
    >
      {body}
    </SessionProvider>
  );
}
