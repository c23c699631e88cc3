// Issue 28 §3: the class's poll in the engine's store. The server sends each person the poll as
// they may see it (`class:poll`); a broadcast to the class carries no one's own answer, so a
// student keeps theirs from their own requests while the poll is the same.
import type { ClassPollView, ServerPayload } from '@atrium/protocol';
import { request, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import type { Store } from '../../../shared/store.ts';
import type { ClassroomState, PollActions } from './types.ts';

/** `next` as this person keeps it: their own answer stays while the poll is the same one. */
export function mergePoll(
  previous: ClassPollView | null,
  next: ClassPollView | null,
  host: boolean,
): ClassPollView | null {
  if (!next || host || next.mine !== undefined) return next;
  return { ...next, mine: previous?.id === next.id ? (previous.mine ?? null) : null };
}

export interface PollEngine {
  actions: PollActions;
  /** Asks for the class's poll (after a join or rejoin); `current` says the answer still counts. */
  refresh(current: () => boolean): Promise<void>;
  dispose(): void;
}

export function createPollEngine(
  socket: AppSocket,
  store: Store<ClassroomState>,
  joined: () => boolean,
): PollEngine {
  const apply = (poll: ClassPollView | null) =>
    store.update((s) => ({ ...s, poll: mergePoll(s.poll, poll, s.host) }));
  const handlePoll = ({ poll }: ServerPayload<'class:poll'>) => {
    if (joined()) apply(poll);
  };
  socket.on('class:poll', handlePoll);

  return {
    actions: {
      async createPoll(draft) {
        apply(await request(socket, 'class:poll:create', draft));
      },
      async votePoll(pollId, choice) {
        apply(await request(socket, 'class:poll:vote', { pollId, choice }));
      },
      async closePoll(pollId) {
        apply(await request(socket, 'class:poll:close', { pollId }));
      },
      async showPoll(pollId) {
        apply(await request(socket, 'class:poll:show', { pollId }));
      },
    },
    async refresh(current) {
      const { poll } = await request(socket, 'class:poll:current', {});
      if (current() && joined()) store.update((s) => ({ ...s, poll }));
    },
    dispose() {
      socket.off('class:poll', handlePoll);
    },
  };
}
