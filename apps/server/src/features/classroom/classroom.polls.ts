// Issue 28 §3: polls in a live class. A teacher or admin opens a single-choice poll (one open at a
// time per class, held by a unique index across processes), students answer and may change their
// answer until it closes, the teacher sees counts and (unless anonymous) who chose what as they
// come, closes the poll and may show its results to the class. Polls and their answers stay in
// PostgreSQL with the class session; a session's end closes its open poll.
import { ClassPollText, isCallChannel } from '@atrium/protocol';
import type { ClassPollView, VideoChannel } from '@atrium/protocol';
import type { ClassroomPollRow, ClassroomPollVoteRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { AtriumSocket, HandlerRegistrar } from '../../realtime/realtime.ts';
import type { ClassroomPollsRepository } from './classroom.polls.repository.ts';
import { classHostsKey } from './classroom.room.ts';
import type { RoomCore } from './classroom.room.ts';
import { isHost, requireHost } from './classroom.service.ts';

/**
 * Who a view is for: the class's teachers and admins (live results), one student (their own
 * answer), or every student at once (a broadcast: results only once shown, no one's answer).
 */
/** How often at most the teachers' live results go out while answers come in, in ms. */
export const LIVE_RESULTS_MS = 200;

export type PollAudience =
  { kind: 'host' } | { kind: 'student'; userId: string } | { kind: 'class' };

/** A poll as `audience` may see it. */
export function pollView(
  poll: ClassroomPollRow,
  votes: ClassroomPollVoteRow[],
  audience: PollAudience,
): ClassPollView {
  const view: ClassPollView = {
    id: poll.id,
    question: poll.question,
    options: poll.options,
    anonymous: poll.anonymous,
    open: poll.closedAt === null,
    shown: poll.shown,
  };
  if (audience.kind === 'host' || poll.shown) {
    view.counts = poll.options.map((_, i) => votes.filter((v) => v.choice === i).length);
    view.total = votes.length;
  }
  if (audience.kind === 'host' && !poll.anonymous) {
    view.voters = votes.map((v) => ({ userId: v.userId, name: v.name, choice: v.choice }));
  }
  if (audience.kind === 'student') {
    view.mine = votes.find((v) => v.userId === audience.userId)?.choice ?? null;
  }
  return view;
}

export interface Polls {
  /** The class session ended (nobody left in it): its open poll closes. */
  sessionEnded(channel: VideoChannel): Promise<void>;
  register(socket: AtriumSocket, on: HandlerRegistrar): void;
}

export function createPolls(core: RoomCore, polls: ClassroomPollsRepository): Polls {
  /** The session of a class on this socket (a call's room has no polls). */
  function requireClass(s: AtriumSocket) {
    const session = core.requireSession(s);
    if (isCallChannel(session.channel)) throw forbidden(ClassPollText.noPollsInCall);
    return session;
  }

  /**
   * Tells the class the poll as it now stands: its teachers and admins the live results, every
   * student (the class's room less its hosts' room, on every process) what students may see.
   */
  function tell(poll: ClassroomPollRow, votes: ClassroomPollVoteRow[], students = true): void {
    core.emitToHosts(poll.channel)?.emit('class:poll', {
      poll: pollView(poll, votes, { kind: 'host' }),
    });
    if (!students) return;
    core
      .emitToRoom(poll.channel)
      ?.except(classHostsKey(poll.channel))
      .emit('class:poll', { poll: pollView(poll, votes, { kind: 'class' }) });
  }

  /**
   * The teachers' live results after answers: at once for the first, then at most every
   * LIVE_RESULTS_MS while answers keep coming, the last always sent. Each update carries every
   * voter, so one per answer made the teacher's download grow with the square of the class
   * (bench/poll.mjs: 1.65 MB per 200-answer poll, one read of all votes per answer).
   */
  const live = new Map<string, { dirty: boolean }>();
  function liveResults(poll: ClassroomPollRow): void {
    const pending = live.get(poll.id);
    if (pending) {
      pending.dirty = true;
      return;
    }
    const entry = { dirty: false };
    live.set(poll.id, entry);
    const flush = async () => {
      const current = (await polls.poll(poll.channel, poll.id)) ?? poll;
      tell(current, await polls.votes(poll.id), false);
    };
    const next = () => {
      if (!entry.dirty) {
        live.delete(poll.id);
        return;
      }
      entry.dirty = false;
      void flush()
        .catch((err: unknown) => core.deps.log.error({ err }, 'poll results failed'))
        .finally(() => setTimeout(next, LIVE_RESULTS_MS).unref());
    };
    void flush()
      .catch((err: unknown) => core.deps.log.error({ err }, 'poll results failed'))
      .finally(() => setTimeout(next, LIVE_RESULTS_MS).unref());
  }

  function register(_socket: AtriumSocket, on: HandlerRegistrar): void {
    on('class:poll:create', async (s, draft) => {
      const host = requireHost(s.data.auth);
      const session = requireClass(s);
      const poll = await polls.create(session.channel, draft, host.sub);
      if (!poll) throw conflict(ClassPollText.alreadyOpen);
      tell(poll, []);
      return pollView(poll, [], { kind: 'host' });
    });

    on('class:poll:vote', async (s, { pollId, choice }) => {
      const session = requireClass(s);
      if (isHost(session.claims.role)) throw forbidden(ClassPollText.hostsDoNotVote);
      const voter = { userId: session.claims.sub, name: session.claims.username };
      const outcome = await polls.vote(session.channel, pollId, voter, choice);
      switch (outcome.kind) {
        case 'missing':
          throw notFound(ClassPollText.noSuchPoll);
        case 'closed':
          throw conflict(ClassPollText.closed);
        case 'out-of-range':
          throw badRequest(ClassPollText.choiceOutOfRange);
        case 'counted':
          break;
        default: {
          const never: never = outcome;
          throw new Error(`unknown vote outcome ${String(never)}`);
        }
      }
      // Only the teachers' view changes with an answer: students learn results when shown.
      liveResults(outcome.poll);
      // An open poll shows a student their own answer only (results come once it is shown).
      const own: ClassroomPollVoteRow = { pollId, ...voter, choice, votedAt: new Date() };
      return pollView(outcome.poll, [own], { kind: 'student', userId: voter.userId });
    });

    on('class:poll:close', async (s, { pollId }) => {
      requireHost(s.data.auth);
      const session = requireClass(s);
      const wasOpen = await polls.poll(session.channel, pollId);
      if (!wasOpen) throw notFound(ClassPollText.noSuchPoll);
      const poll = (await polls.close(session.channel, pollId)) ?? wasOpen;
      const votes = await polls.votes(pollId);
      // Closing twice (a double click) answers the same, and tells nobody again.
      if (wasOpen.closedAt === null) tell(poll, votes);
      return pollView(poll, votes, { kind: 'host' });
    });

    on('class:poll:show', async (s, { pollId }) => {
      requireHost(s.data.auth);
      const session = requireClass(s);
      const poll = await polls.show(session.channel, pollId);
      if (!poll) {
        const exists = await polls.poll(session.channel, pollId);
        throw exists ? conflict(ClassPollText.closeFirst) : notFound(ClassPollText.noSuchPoll);
      }
      const votes = await polls.votes(pollId);
      tell(poll, votes);
      return pollView(poll, votes, { kind: 'host' });
    });

    on('class:poll:current', async (s) => {
      const session = requireClass(s);
      const poll = await polls.current(session.channel);
      if (!poll) return { poll: null };
      const host = isHost(session.claims.role);
      // A closed poll whose results were not shown is the teacher's alone.
      if (!host && poll.closedAt !== null && !poll.shown) return { poll: null };
      const votes = await polls.votes(poll.id);
      const audience: PollAudience = host
        ? { kind: 'host' }
        : { kind: 'student', userId: session.claims.sub };
      return { poll: pollView(poll, votes, audience) };
    });
  }

  return {
    async sessionEnded(channel) {
      await polls.closeOpen(channel);
    },
    register,
  };
}
