import {
  DEFAULT_BRIDGE_POSITION,
  SocialConstants,
  type InboxMessage,
  type Reply,
} from '@atrium/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { request, type AppSocket } from '../../shared/realtime/socketClient.ts';
import { useSessionStore } from '../../shared/session/SessionContext.tsx';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { AddParticipant } from './AddParticipant.tsx';
import { IncomingPopup } from './IncomingPopup.tsx';
import { OutgoingCall } from './OutgoingCall.tsx';
import { dropInbox, enqueue, toBridgePosition, toServerPosition } from './socialModel.ts';
import { SocialPanel } from './SocialPanel.tsx';
import {
  setSocialCommands,
  setUnread,
  type SocialActions,
  type SocialLinks,
} from './socialState.ts';
import { SocialText } from './texts.ts';
import {
  invalidateLiveLists,
  socialKeys,
  useFriendMutations,
  useUnreadAtStart,
} from './useSocialQueries.ts';
import { useSocialSocket } from './useSocialSocket.ts';
import './social.css';

/** Beyond the default ring, for a ring-out answer still on its way. */
const OUTGOING_GRACE_MS = 5000;

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : SocialText.notOnline;

export interface SocialLiveProps {
  username: string;
  links: SocialLinks;
  panelOpen: boolean;
  onClosePanel: () => void;
}

/** The live social layer: its socket, the incoming popups and toasts, and the panel. */
export function SocialLive({ username, links, panelOpen, onClosePanel }: SocialLiveProps) {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const friendship = useFriendMutations();
  const [queue, setQueue] = useState<InboxMessage[]>([]);
  /** Whom this person is calling while it rings (issue 27); the server ends it within the ring. */
  const [outgoing, setOutgoing] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  /** Add participant's friend picker while open: for which room, and who is in it (user ids). */
  const [picking, setPicking] = useState<{ room: string | null; inRoom: readonly string[] }>();
  const linksRef = useRef(links);
  const closePanelRef = useRef(onClosePanel);
  useEffect(() => {
    linksRef.current = links;
    closePanelRef.current = onClosePanel;
  });
  /** Joins an accepted call's or invite's room; the panel makes way for the video room. */
  const joinRoom = (room: string) => {
    if (linksRef.current.joinRoom(room)) closePanelRef.current();
  };

  const bump = useCallback(() => {
    setVersion((v) => v + 1);
    invalidateLiveLists(queryClient);
  }, [queryClient]);

  const playAction = (
    host: 'user_action_yes' | 'user_action_no',
    action: string,
    position: Reply['position'],
  ) => {
    const world = linksRef.current.world;
    if (!world) return;
    if (host === 'user_action_yes')
      world.send({ type: host, action, position: toBridgePosition(position) });
    else world.send({ type: host, action });
  };

  const socket: AppSocket | null = useSocialSocket(() => store.getSnapshot().token ?? '', {
    message(message) {
      // One pending message per type: a newer one of the same type replaces the old.
      setQueue((q) => enqueue(q, message));
    },
    cleared(inbox) {
      setQueue((q) => dropInbox(q, inbox));
    },
    reply(reply) {
      notifySuccess(reply.text);
      // Answered, refused or rung out: it rings no more.
      if (reply.type === 'accept-call' || reply.type === 'reject-call') {
        setOutgoing((name) => (name === reply.from ? null : name));
      }
      if (reply.type === 'accept-call' && reply.room) joinRoom(reply.room);
      if (reply.type === 'accept-request-action' && reply.user_action_type) {
        playAction('user_action_yes', reply.user_action_type, reply.position);
      }
      if (reply.type === 'reject-request-action' && reply.user_action_type) {
        playAction('user_action_no', reply.user_action_type, null);
      }
      bump();
    },
    notification(notification, unread) {
      setUnread(unread);
      linksRef.current.world?.send({ type: 'notification_new', text: notification.text });
      bump();
    },
    changed: bump,
    // The friends list shows who is online; the Online tab follows by itself (useOnlineWatch).
    presence: () => void queryClient.invalidateQueries({ queryKey: socialKeys.friends }),
  });

  useUnreadAtStart();

  const need = (): AppSocket => {
    if (!socket) throw new Error(SocialText.notOnline);
    return socket;
  };

  const actions: SocialActions = {
    async call(name) {
      try {
        await request(need(), 'social:call', { username: name });
        notifySuccess(SocialText.initiatedCall(name));
        setOutgoing(name);
      } catch (error) {
        notifyError(messageOf(error));
      }
    },
    async cancelCall(name) {
      setOutgoing(null);
      try {
        notifySuccess((await request(need(), 'social:cancel-call', { username: name })).message);
      } catch (error) {
        // It stopped ringing meanwhile (answered or rung out): its own answer says so.
        notifyError(messageOf(error));
      }
    },
    async invite(name) {
      const channel = linksRef.current.currentRoom;
      if (!channel) return false;
      try {
        const ack = await request(need(), 'social:invite', { username: name, channel });
        notifySuccess(ack.message);
        return true;
      } catch (error) {
        notifyError(messageOf(error));
        return false;
      }
    },
    async requestAction(name, action) {
      try {
        await request(need(), 'social:request-action', { username: name, action });
        notifySuccess(SocialText.initiatedAction(name));
      } catch (error) {
        notifyError(messageOf(error));
      }
    },
    async addFriend(name) {
      try {
        notifySuccess(await friendship.request.mutateAsync(name));
      } catch (error) {
        notifyError(errorMessage(error));
      }
    },
    async ping(name) {
      try {
        notifySuccess((await request(need(), 'social:ping', { username: name })).message);
      } catch (error) {
        notifyError(messageOf(error));
      }
    },
    async answer(inbox, accept) {
      setQueue((q) => dropInbox(q, inbox));
      try {
        // SPEC §4: the host page says where this avatar stands ('0' each after 5 s).
        const position =
          inbox === 'RequestUser' && accept
            ? toServerPosition(
                await (linksRef.current.world?.requestPosition() ?? DEFAULT_BRIDGE_POSITION),
              )
            : undefined;
        const ack = await request(need(), 'social:answer', { inbox, accept, position });
        notifySuccess(ack.message);
        if (accept && ack.room) joinRoom(ack.room);
        if (ack.host && ack.user_action_type) {
          playAction(ack.host, ack.user_action_type, ack.position);
        }
        bump();
      } catch (error) {
        notifyError(messageOf(error));
      }
    },
  };

  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });
  // The video tiles' Call and Add Friend and the panel's Add participant (SPEC §2) reach this
  // layer through the app.
  useEffect(() => {
    setSocialCommands({
      call: (name) => void actionsRef.current.call(name),
      addFriend: (name) => void actionsRef.current.addFriend(name),
      addParticipant: (inRoom) => setPicking({ room: linksRef.current.currentRoom, inRoom }),
    });
    return () => setSocialCommands(null);
  }, []);

  // Should the ring-out's word be lost (its server stopped), the bar still goes after the ring.
  useEffect(() => {
    if (!outgoing) return;
    const timer = window.setTimeout(
      () => setOutgoing(null),
      SocialConstants.callRingMs + OUTGOING_GRACE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [outgoing]);

  // In the panel while it is open (a modal: nothing outside it can be reached), else on the page.
  const ringing = outgoing ? (
    <OutgoingCall
      name={outgoing}
      inPanel={panelOpen}
      onCancel={() => void actions.cancelCall(outgoing)}
    />
  ) : null;
  const current = queue[0] ?? null;
  return (
    <>
      {!panelOpen && ringing}
      {current && (
        <IncomingPopup
          key={`${current.inbox}-${current.timestamp}`}
          message={current}
          onAnswer={(accept) => void actions.answer(current.inbox, accept)}
        />
      )}
      {/* It goes with the room it was opened in. */}
      {picking && picking.room !== null && picking.room === links.currentRoom && (
        <AddParticipant
          inRoom={picking.inRoom}
          onInvite={(name) => actions.invite(name)}
          onClose={() => setPicking(undefined)}
        />
      )}
      {panelOpen && (
        <SocialPanel
          me={username}
          socket={socket}
          actions={actions}
          version={version}
          canInvite={links.currentRoom !== null}
          onClose={onClosePanel}
          outgoing={ringing}
        />
      )}
    </>
  );
}
