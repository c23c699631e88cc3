import {
  isClassroomRoom,
  isGroupChannel,
  type BoardRoom,
  type MediaKind,
  type VideoChannel,
} from '@atrium/protocol';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { browserStorage } from '../../shared/browserStorage.ts';
import { showError } from '../../shared/dialogs/dialogStore.ts';
import type { AppSocket } from '../../shared/realtime/socketClient.ts';
import { sessionStore } from '../../shared/session/appSession.ts';
import { useSession } from '../../shared/session/SessionContext.tsx';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import {
  ChatSlotContext,
  ClassroomContext,
  type ClassroomController,
  type DeviceModal,
  type PanelView,
} from './classroomContext.ts';
import { loadDeviceSetting, saveDeviceSetting } from './deviceSetting.ts';
import { loadClassroomEngine, type CreateClassroomClient } from './engineLoader.ts';
import type { ClassroomClient, DeviceChoice } from './engine/types.ts';
import { changedDevices, IDLE_CLASSROOM, lacksAllDevices, switchMessages } from './panelModel.ts';
import { RoomChannelContext, useRoomChannel } from './room/useRoomChannel.ts';
import { PHONE_QUERY } from '../../shared/ui/useMediaQuery.ts';
import { ClassroomCoreText as T } from './coreTexts.ts';

// The modal pulls in the device lists and the dialog frame: loaded when first needed.
const PopupBrowser = lazy(() =>
  import('./room/PopupBrowser.tsx').then((module) => ({ default: module.PopupBrowser })),
);
const WhiteboardWindow = lazy(() =>
  import('./whiteboard/WhiteboardWindow.tsx').then((module) => ({
    default: module.WhiteboardWindow,
  })),
);
const DeviceSettingsModal = lazy(() =>
  import('./DeviceSettingsModal.tsx').then((module) => ({ default: module.DeviceSettingsModal })),
);

export interface ClassroomProviderProps {
  children: ReactNode;
  /** A ready client (the dev preview, tests): used as it is, no socket is opened. */
  client?: ClassroomClient;
  /** Makes the media engine; engine/client.ts, loaded on first join, by default. */
  loadEngine?: () => Promise<CreateClassroomClient>;
  /** Opens the socket the engine signals over; the app's socket with the session's token. */
  connect?: () => Promise<AppSocket>;
  /** SPEC §5: only a signed-in account joins a class. Off in the preview, which has no session. */
  requireAccount?: boolean;
  /** The class chat of a room, for the panel (the chat feature's, given by the app). */
  chat?: (room: string) => ReactNode;
}

// socket.io-client is loaded with the first join, not with the home page.
const connectAppSocket = async () => {
  const { connectSocket } = await import('../../shared/realtime/socketClient.ts');
  return connectSocket({ getToken: () => sessionStore.getSnapshot().token ?? '' });
};

const noSubscription = () => () => undefined;
const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The classroom for every page under it: one engine and one socket, made on the first join (so
 * a page that never shows a class loads no WebRTC code), left on page unload and on disconnect.
 */
export function ClassroomProvider({
  children,
  client: fixedClient,
  loadEngine = loadClassroomEngine,
  connect = connectAppSocket,
  requireAccount = true,
  chat = undefined,
}: ClassroomProviderProps) {
  const session = useSession();
  const [client, setClient] = useState<ClassroomClient | null>(fixedClient ?? null);
  const clientRef = useRef<ClassroomClient | null>(fixedClient ?? null);
  const pending = useRef<Promise<ClassroomClient> | null>(null);
  const socketRef = useRef<AppSocket | null>(null);
  // The class chat is part of the panel and open from the start (issue 27); on a phone it would
  // cover the tiles, so there it waits for the Chat button.
  const [view, setViewState] = useState<PanelView>(() => ({
    minimized: false,
    chatOpen: !window.matchMedia?.(PHONE_QUERY).matches,
    grid: 'default',
  }));
  const [panelOpen, setPanelOpen] = useState(false);
  const [deviceModal, setDeviceModal] = useState<DeviceModal>(null);

  const subscribe = useMemo(() => client?.store.subscribe ?? noSubscription, [client]);
  const getState = useMemo(() => client?.store.get ?? (() => IDLE_CLASSROOM), [client]);
  const state = useSyncExternalStore(subscribe, getState, getState);

  const ensureClient = useCallback((): Promise<ClassroomClient> => {
    if (clientRef.current) return Promise.resolve(clientRef.current);
    pending.current ??= (async () => {
      const [create, socket] = await Promise.all([loadEngine(), connect()]);
      socketRef.current = socket;
      // A dropped connection is the engine's: it rejoins the class when socket.io reconnects
      // (within a minute), and leaves with a message after that (issue 27).
      const made = create(socket);
      clientRef.current = made;
      setClient(made);
      return made;
    })().catch((error: unknown) => {
      pending.current = null;
      throw error;
    });
    return pending.current;
  }, [loadEngine, connect]);

  // The engine and socket this provider made go with it, with the page, and with the account
  // (a logout or another sign-in must not stay in class); a given client belongs to its owner.
  useEffect(() => {
    if (fixedClient) return;
    const teardown = () => {
      clientRef.current?.dispose();
      socketRef.current?.close();
      clientRef.current = null;
      socketRef.current = null;
      pending.current = null;
    };
    const handlePageHide = () => clientRef.current?.dispose();
    window.addEventListener('pagehide', handlePageHide);
    let account = sessionStore.getSnapshot().user?.username ?? null;
    const unsubscribe = sessionStore.subscribe(() => {
      const now = sessionStore.getSnapshot().user?.username ?? null;
      if (now === account) return;
      account = now;
      teardown();
      setClient(null);
    });
    return () => {
      window.removeEventListener('pagehide', handlePageHide);
      unsubscribe();
      teardown();
    };
  }, [fixedClient]);

  // A refused join or a media failure: the engine's words, once each time they change.
  const shownError = useRef<string | null>(null);
  useEffect(() => {
    if (state.error && state.error !== shownError.current) notifyError(state.error);
    shownError.current = state.error;
  }, [state.error]);

  // SPEC §4: joined with neither camera nor microphone → panel minimised and the error modal.
  const warnedJoin = useRef<number | null>(null);
  const lacksDevices = lacksAllDevices(state);
  useEffect(() => {
    if (!lacksDevices || warnedJoin.current === state.joinedAt) return;
    warnedJoin.current = state.joinedAt;
    setViewState((v) => ({ ...v, minimized: true }));
    void showError({ message: T.devicesRequired });
  }, [lacksDevices, state.joinedAt]);

  const startJoin = useCallback(
    async (room: VideoChannel, devices: DeviceChoice) => {
      setPanelOpen(true);
      setViewState((v) => ({ ...v, minimized: false }));
      try {
        const ready = await ensureClient();
        await ready.actions.join(room, devices);
      } catch (error) {
        // The engine's own error is toasted by the effect above; say something only otherwise.
        if (!clientRef.current?.store.get().error) notifyError(messageOf(error, T.connectFailed));
      }
    },
    [ensureClient],
  );

  const mayJoin = useCallback(() => {
    if (!requireAccount) return true;
    if (session.user && !session.user.isGuest) return true;
    notifyError(T.registerRequired);
    return false;
  }, [requireAccount, session.user]);

  // Stable, unlike the controller (new on every store change, levels included, 4 a second): each
  // tile's observers use it, and restarting them would take the tile out of the view and back.
  const showTile = useCallback<ClassroomController['showTile']>(
    (id, place) => clientRef.current?.actions.showTile(id, place),
    [],
  );

  const controller = useMemo<ClassroomController>(() => {
    const run = (task: () => Promise<unknown>, failure?: string) => {
      task().catch((error: unknown) => notifyError(failure ?? messageOf(error, T.mediaFailed)));
    };
    const actions = () => clientRef.current?.actions;
    // Like `run`, and says whether it went through (a refusal is toasted: false).
    const attempt = (task: () => Promise<unknown>) =>
      task().then(
        () => true,
        (error: unknown) => {
          notifyError(messageOf(error, T.mediaFailed));
          return false;
        },
      );
    return {
      state,
      view,
      setView: (change) => setViewState((v) => ({ ...v, ...change })),
      panelOpen,
      setPanelOpen,
      deviceModal,
      requestJoin(room) {
        if (!mayJoin()) return;
        const saved = loadDeviceSetting(browserStorage());
        if (saved) void startJoin(room, saved);
        else setDeviceModal({ mode: 'join', room });
      },
      joinWithSettings(room) {
        if (mayJoin()) setDeviceModal({ mode: 'join', room });
      },
      openDeviceSettings: () => setDeviceModal({ mode: 'switch' }),
      closeDeviceModal: () => setDeviceModal(null),
      leave: () => run(() => actions()?.leave() ?? Promise.resolve()),
      setMic: (on) => run(() => actions()?.setMic(on) ?? Promise.resolve()),
      setCamera: (on) => run(() => actions()?.setCamera(on) ?? Promise.resolve()),
      setScreenShare: (on) => run(() => actions()?.setScreenShare(on) ?? Promise.resolve()),
      stopShareOf: (target) => run(() => actions()?.stopShareOf(target) ?? Promise.resolve()),
      muteAll: (kind: MediaKind, mute: boolean) =>
        run(() => actions()?.muteAll(kind, mute) ?? Promise.resolve(), T.globalMuteUpdateFailed),
      setHand: (up: boolean) => run(() => actions()?.setHand(up) ?? Promise.resolve()),
      lowerHand: (userId: string | null) =>
        run(() => actions()?.lowerHand(userId) ?? Promise.resolve()),
      showTile,
      // Refused polls reject with the server's words: the poll panel shows them where they happen.
      polls: {
        createPoll: (draft) => actions()?.createPoll(draft) ?? Promise.resolve(),
        votePoll: (pollId, choice) => actions()?.votePoll(pollId, choice) ?? Promise.resolve(),
        closePoll: (pollId) => actions()?.closePoll(pollId) ?? Promise.resolve(),
        showPoll: (pollId) => actions()?.showPoll(pollId) ?? Promise.resolve(),
      },
      lobby: {
        setEntryPolicy: (policy) =>
          run(() => actions()?.setEntryPolicy(policy) ?? Promise.resolve()),
        admit: (userId) => run(() => actions()?.admit(userId) ?? Promise.resolve()),
        deny: (userId) => run(() => actions()?.deny(userId) ?? Promise.resolve()),
        removeParticipant: (target) =>
          run(() => actions()?.removeParticipant(target) ?? Promise.resolve()),
        endClass: () => run(() => actions()?.endClass() ?? Promise.resolve()),
      },
      groups: {
        planGroups: (plan) => attempt(() => actions()?.planGroups(plan) ?? Promise.resolve()),
        openGroups: () => attempt(() => actions()?.openGroups() ?? Promise.resolve()),
        closeGroups: () => attempt(() => actions()?.closeGroups() ?? Promise.resolve()),
        moveToGroup: (userId, group) =>
          attempt(() => actions()?.moveToGroup(userId, group) ?? Promise.resolve()),
        chooseGroup: (group) => attempt(() => actions()?.chooseGroup(group) ?? Promise.resolve()),
        messageGroups: (text) => attempt(() => actions()?.messageGroups(text) ?? Promise.resolve()),
        callTeacher: () => attempt(() => actions()?.callTeacher() ?? Promise.resolve()),
        answerCall: (userId) => attempt(() => actions()?.answerCall(userId) ?? Promise.resolve()),
        visitGroup: (group) => attempt(() => actions()?.visitGroup(group) ?? Promise.resolve()),
      },
    };
  }, [state, view, panelOpen, deviceModal, mayJoin, startJoin, showTile]);

  // The room socket (pushed browser, whiteboard actions) lives while the person is in a class or
  // one of its breakout groups (the group's own board); a call's own room has neither.
  const classRoom =
    state.phase === 'joined' &&
    state.room &&
    (isClassroomRoom(state.room) || isGroupChannel(state.room))
      ? (state.room as BoardRoom)
      : null;
  const roomChannel = useRoomChannel(
    fixedClient ? null : classRoom,
    () => sessionStore.getSnapshot().token ?? '',
  );
  const popup = roomChannel.view.state.popup;
  const whiteboard = roomChannel.view.state.whiteboard;
  // Once a board has opened, the window stays mounted so that it can fade out when it closes.
  const [whiteboardSeen, setWhiteboardSeen] = useState(false);
  if (whiteboard && !whiteboardSeen) setWhiteboardSeen(true);

  const handleJoin = (room: VideoChannel, choice: DeviceChoice) => {
    saveDeviceSetting(browserStorage(), choice);
    setDeviceModal(null);
    void startJoin(room, choice);
  };

  const handleApply = async (choice: DeviceChoice) => {
    saveDeviceSetting(browserStorage(), choice);
    const change = changedDevices(clientRef.current?.store.get().devices ?? {}, choice);
    const actions = clientRef.current?.actions;
    if (actions && (change.mic !== undefined || change.camera !== undefined)) {
      try {
        for (const { ok, message } of switchMessages(await actions.switchDevices(change))) {
          if (ok) notifySuccess(message);
          else notifyError(message);
        }
      } catch {
        if (change.camera !== undefined) notifyError(T.switchCameraFail);
        if (change.mic !== undefined) notifyError(T.switchMicrophoneFail);
      }
    }
    setDeviceModal(null);
  };

  return (
    <ClassroomContext value={controller}>
      <ChatSlotContext value={chat ?? null}>
        <RoomChannelContext value={roomChannel}>
          {children}
          {/* SPEC §5: only members act on show_member_popup; teachers see the button state. */}
          {popup && !state.host && (
            <Suspense fallback={null}>
              <PopupBrowser url={popup.url} />
            </Suspense>
          )}
          {/* SPEC §4: everyone in the room sees the open whiteboard. */}
          {whiteboardSeen && (
            <Suspense fallback={null}>
              <WhiteboardWindow
                whiteboard={whiteboard}
                meId={roomChannel.view.me?.id ?? null}
                users={roomChannel.view.users}
                board={roomChannel.board}
                send={roomChannel.send}
                group={classRoom !== null && isGroupChannel(classRoom)}
                host={state.host}
              />
            </Suspense>
          )}
        </RoomChannelContext>
      </ChatSlotContext>
      {deviceModal && (
        <Suspense fallback={null}>
          <DeviceSettingsModal
            modal={deviceModal}
            current={
              deviceModal.mode === 'switch'
                ? state.devices
                : (loadDeviceSetting(browserStorage()) ?? {})
            }
            onJoin={handleJoin}
            onApply={handleApply}
            onClose={() => setDeviceModal(null)}
          />
        </Suspense>
      )}
    </ClassroomContext>
  );
}
