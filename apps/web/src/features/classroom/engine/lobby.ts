// Issue 28 §1: the class's waiting room in the engine. A teacher or admin keeps the lobby (the
// entry policy and who waits) in the store and lets people in; a waiting student hears whether
// they may come in; a removed participant hears that they are out. The server decides all of it.
import type { EntryPolicy, ServerPayload } from '@atrium/protocol';
import { request, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import type { Store } from '../../../shared/store.ts';
import type { ClassroomState, LobbyActions } from './types.ts';

export interface LobbyEvents {
  /** A teacher let this waiting person in: join again. */
  admitted(room: string): void;
  /** A teacher did not let them in. */
  denied(room: string): void;
  /** A teacher removed them from the class they are in. */
  removed(room: string): void;
  /** A teacher ended the class (issue 28 §5). */
  ended(room: string): void;
}

export interface LobbyEngine {
  actions: LobbyActions;
  dispose(): void;
}

export function createLobbyEngine(
  socket: AppSocket,
  store: Store<ClassroomState>,
  events: LobbyEvents,
): LobbyEngine {
  const on = {
    lobby: (lobby: ServerPayload<'class:lobby'>) => {
      if (store.get().phase === 'joined' && store.get().host)
        store.update((s) => ({ ...s, lobby }));
    },
    admitted: ({ room }: ServerPayload<'class:lobby:admitted'>) => events.admitted(room),
    denied: ({ room }: ServerPayload<'class:lobby:denied'>) => events.denied(room),
    removed: ({ room }: ServerPayload<'class:removed'>) => events.removed(room),
    ended: ({ room }: ServerPayload<'class:ended'>) => events.ended(room),
  };
  socket.on('class:lobby', on.lobby);
  socket.on('class:lobby:admitted', on.admitted);
  socket.on('class:lobby:denied', on.denied);
  socket.on('class:removed', on.removed);
  socket.on('class:ended', on.ended);
  const apply = (lobby: ServerPayload<'class:lobby'>) => store.update((s) => ({ ...s, lobby }));

  return {
    actions: {
      async setEntryPolicy(policy: EntryPolicy) {
        const room = store.get().room;
        if (!room) return;
        apply(await request(socket, 'class:lobby:policy', { room, policy }));
      },
      async admit(userId: string | null) {
        apply(
          await (userId === null
            ? request(socket, 'class:lobby:admit-all', {})
            : request(socket, 'class:lobby:admit', { userId })),
        );
      },
      async deny(userId: string) {
        apply(await request(socket, 'class:lobby:deny', { userId }));
      },
      async removeParticipant(target: number) {
        await request(socket, 'class:remove', { target });
      },
      async endClass() {
        await request(socket, 'class:end', {});
      },
    },
    dispose() {
      socket.off('class:lobby', on.lobby);
      socket.off('class:lobby:admitted', on.admitted);
      socket.off('class:lobby:denied', on.denied);
      socket.off('class:removed', on.removed);
      socket.off('class:ended', on.ended);
    },
  };
}
