import { CHAT_PAGE_DEFAULT, type ChatMessage } from '@atrium/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatTransport } from './chatTransport.ts';

export interface ChatState {
  messages: ChatMessage[];
  /** Whether older messages may exist (the last page was full). */
  hasOlder: boolean;
  loadingOlder: boolean;
  /** True once the first page has answered (or failed). */
  loaded: boolean;
}

/** The state of one room: another room's state never shows while the new one loads. */
type RoomState = ChatState & { room: string };

const empty = (room: string): RoomState => ({
  room,
  messages: [],
  hasOlder: false,
  loadingOlder: false,
  loaded: false,
});

/** Merges messages by id, oldest first (a live message may also come back in a page). */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of [...a, ...b]) byId.set(message.id, message);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** One room's chat: history pages, live updates, and the actions. */
export function useChat(room: string, transport: ChatTransport) {
  const [stored, setStored] = useState<RoomState>(() => empty(room));
  const state = stored.room === room ? stored : empty(room);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  /** Updates this room's state; an answer for a room left meanwhile is dropped. */
  const update = useCallback(
    (change: (s: RoomState) => RoomState) =>
      setStored((s) => change(s.room === room ? s : empty(room))),
    [room],
  );

  useEffect(() => {
    let current = true;
    const resync = () => {
      // SPEC §8: a failed list is an empty chat, silently.
      void transport.list(room).then(
        (page) => {
          if (!current) return;
          update((s) => {
            // Older pages already loaded stay; the newest page replaces what overlaps it.
            const oldestNew = page[0]?.id ?? Infinity;
            const older = s.messages.filter((m) => m.id < oldestNew);
            return {
              ...s,
              loaded: true,
              hasOlder: s.loaded ? s.hasOlder : page.length >= CHAT_PAGE_DEFAULT,
              messages: mergeMessages(older, page),
            };
          });
        },
        () => current && update((s) => ({ ...s, loaded: true })),
      );
    };
    resync();
    const stop = transport.watch(room, {
      message: (message) =>
        current && update((s) => ({ ...s, messages: mergeMessages(s.messages, [message]) })),
      deleted: (id) =>
        current && update((s) => ({ ...s, messages: s.messages.filter((m) => m.id !== id) })),
      cleared: () => current && update((s) => ({ ...s, messages: [], hasOlder: false })),
      resync,
    });
    return () => {
      current = false;
      stop();
    };
  }, [room, transport, update]);

  const loadOlder = useCallback(async () => {
    const s = stateRef.current;
    const oldest = s.messages[0];
    if (!s.hasOlder || s.loadingOlder || !oldest) return;
    update((prev) => ({ ...prev, loadingOlder: true }));
    let page: ChatMessage[] = [];
    try {
      page = await transport.list(room, oldest.id);
    } catch {
      // SPEC §8: silently nothing more.
    }
    update((prev) => ({
      ...prev,
      loadingOlder: false,
      hasOlder: page.length >= CHAT_PAGE_DEFAULT,
      messages: mergeMessages(page, prev.messages),
    }));
  }, [room, transport, update]);

  const send = useCallback(
    async (text: string) => {
      const sent = await transport.send(room, text);
      update((s) => ({ ...s, messages: mergeMessages(s.messages, [sent]) }));
    },
    [room, transport, update],
  );

  const remove = useCallback(
    async (id: number) => {
      await transport.remove(id);
      update((s) => ({ ...s, messages: s.messages.filter((m) => m.id !== id) }));
    },
    [transport, update],
  );

  const clear = useCallback(async () => {
    await transport.clear(room);
    update((s) => ({ ...s, messages: [], hasOlder: false }));
  }, [room, transport, update]);

  return { ...state, loadOlder, send, remove, clear };
}
