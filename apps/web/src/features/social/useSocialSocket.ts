import type { InboxMessage, Notification, Reply } from '@atrium/protocol';
import { useEffect, useRef, useState } from 'react';
import { connectSocket, type AppSocket } from '../../shared/realtime/socketClient.ts';

export interface SocialHandlers {
  message: (message: InboxMessage) => void;
  cleared: (inbox: InboxMessage['inbox']) => void;
  reply: (reply: Reply) => void;
  notification: (notification: Notification, unread: number) => void;
  /** A friendship changed: lists should reload. */
  changed: () => void;
  /** A friend (or, while the Online tab watches, anyone) came online or went offline. */
  presence: () => void;
}

/**
 * The social layer's hold on the page's socket, while a signed-in person has the app open:
 * calls, invites and action requests reach every page. Null until connected.
 */
export function useSocialSocket(
  getToken: () => string,
  handlers: SocialHandlers,
): AppSocket | null {
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const live = useRef(handlers);
  useEffect(() => {
    live.current = handlers;
  });
  const tokenRef = useRef(getToken);
  useEffect(() => {
    tokenRef.current = getToken;
  });

  useEffect(() => {
    let stopped = false;
    let opened: AppSocket | null = null;
    connectSocket({ getToken: () => tokenRef.current() }).then(
      (s) => {
        if (stopped) {
          s.close();
          return;
        }
        opened = s;
        s.on('social:message', (m) => live.current.message(m));
        s.on('social:cleared', (e) => live.current.cleared(e.inbox));
        s.on('social:reply', (r) => live.current.reply(r));
        s.on('social:notification', (e) => live.current.notification(e.notification, e.unread));
        s.on('social:presence', () => live.current.presence());
        s.on('social:friend', () => live.current.changed());
        setSocket(s);
      },
      // Without the socket the panel's lists still load over HTTP; actions then say why.
      () => undefined,
    );
    return () => {
      stopped = true;
      opened?.close();
    };
  }, []);

  return socket;
}
