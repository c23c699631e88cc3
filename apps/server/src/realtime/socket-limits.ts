import type { ClientEventName } from '@atrium/protocol';

/** A per-user budget for one client event: at most `limit` in any `windowMs`. */
export interface SocketEventLimit {
  limit: number;
  windowMs: number;
}

/**
 * Per-user budgets for client events, counted by the same limiter as the HTTP limits (so in Redis
 * when several processes run). They stop floods, not play: the world client sends moves at most
 * at WorldConstants.sendHz (15/s) and emotes at most every 400 ms, and one person may have two
 * tabs open, so the move budget is 40/s over 10 s and the emote budget twice the cooldown's rate.
 */
export const SOCKET_EVENT_LIMITS: Record<ClientEventName, SocketEventLimit> = {
  'system:ping': { limit: 120, windowMs: 60_000 },
  'world:join': { limit: 60, windowMs: 60_000 },
  'world:move': { limit: 400, windowMs: 10_000 },
  'world:emote': { limit: 50, windowMs: 10_000 },
  'world:look': { limit: 10, windowMs: 10_000 },
  'world:leave': { limit: 60, windowMs: 60_000 },
  // A walk through a crowd changes the voices heard up to every 0.3 s: an answer each time.
  'voice:join': { limit: 60, windowMs: 60_000 },
  'voice:publish': { limit: 30, windowMs: 60_000 },
  'voice:answer': { limit: 600, windowMs: 60_000 },
  'voice:trickle': { limit: 1200, windowMs: 60_000 },
  'voice:mic': { limit: 120, windowMs: 60_000 },
  'voice:megaphone': { limit: 60, windowMs: 60_000 },
  'voice:mute': { limit: 120, windowMs: 60_000 },
  'voice:leave': { limit: 60, windowMs: 60_000 },
  'voice:signal': { limit: 1200, windowMs: 60_000 },
  // The classroom: a join is a Janus session; trickle carries one ICE candidate per message.
  'class:join': { limit: 30, windowMs: 60_000 },
  'class:publish': { limit: 30, windowMs: 60_000 },
  'class:subscribe': { limit: 120, windowMs: 60_000 },
  'class:start': { limit: 120, windowMs: 60_000 },
  // Sent when the grid scrolls or the speaker changes, at most every 250 ms by the page.
  'class:view': { limit: 300, windowMs: 60_000 },
  'class:trickle': { limit: 600, windowMs: 60_000 },
  'class:leave': { limit: 30, windowMs: 60_000 },
  'class:moderate': { limit: 120, windowMs: 60_000 },
  'class:mute-all': { limit: 60, windowMs: 60_000 },
  'class:share': { limit: 60, windowMs: 60_000 },
  'class:stop-share': { limit: 60, windowMs: 60_000 },
  'class:sending': { limit: 240, windowMs: 60_000 },
  'class:hand:raise': { limit: 60, windowMs: 60_000 },
  'class:hand:lower': { limit: 120, windowMs: 60_000 },
  'class:hand:lower-all': { limit: 60, windowMs: 60_000 },
  'class:lobby:policy': { limit: 30, windowMs: 60_000 },
  // A teacher admitting a class of 30 one by one.
  'class:lobby:admit': { limit: 120, windowMs: 60_000 },
  'class:lobby:deny': { limit: 120, windowMs: 60_000 },
  'class:lobby:admit-all': { limit: 30, windowMs: 60_000 },
  'class:remove': { limit: 60, windowMs: 60_000 },
  'class:end': { limit: 10, windowMs: 60_000 },
  'class:group:plan': { limit: 60, windowMs: 60_000 },
  'class:group:state': { limit: 120, windowMs: 60_000 },
  'class:group:open': { limit: 20, windowMs: 60_000 },
  'class:group:close': { limit: 20, windowMs: 60_000 },
  // A teacher arranging a class of 30 by hand.
  'class:group:move': { limit: 240, windowMs: 60_000 },
  'class:group:choose': { limit: 30, windowMs: 60_000 },
  'class:group:message': { limit: 30, windowMs: 60_000 },
  'class:group:call': { limit: 20, windowMs: 60_000 },
  'class:group:answer': { limit: 120, windowMs: 60_000 },
  // A speaker's page: a refresh every 2 s while speaking, and each start and stop.
  'class:group:speak': { limit: 120, windowMs: 60_000 },
  // Polls (issue 28 §3): a student may change their answer a few times; a teacher runs several.
  'class:poll:create': { limit: 60, windowMs: 60_000 },
  'class:poll:vote': { limit: 120, windowMs: 60_000 },
  'class:poll:close': { limit: 60, windowMs: 60_000 },
  'class:poll:show': { limit: 60, windowMs: 60_000 },
  'class:poll:current': { limit: 60, windowMs: 60_000 },
  // Mesh mode: one SDP or ICE candidate per message, to each of up to three others.
  'class:signal': { limit: 1200, windowMs: 60_000 },
  // A chat panel watches one room at a time; posting is HTTP, limited there.
  'chat:watch': { limit: 60, windowMs: 60_000 },
  'chat:unwatch': { limit: 60, windowMs: 60_000 },
  // The social inbox: each message waits for an answer, so a person sends few; the debug ping
  // has its own 10 s cooldown on top.
  'social:call': { limit: 30, windowMs: 60_000 },
  'social:cancel-call': { limit: 30, windowMs: 60_000 },
  'social:invite': { limit: 60, windowMs: 60_000 },
  'social:request-action': { limit: 30, windowMs: 60_000 },
  'social:ping': { limit: 30, windowMs: 60_000 },
  'social:answer': { limit: 120, windowMs: 60_000 },
  'social:inbox': { limit: 60, windowMs: 60_000 },
  // The Online tab opening and closing (and a reconnect watching again).
  'social:watch-online': { limit: 60, windowMs: 60_000 },
  'social:unwatch-online': { limit: 60, windowMs: 60_000 },
  // Paging back through history as the panel scrolls up.
  'chat:history': { limit: 120, windowMs: 60_000 },
  // Darts: an invitation waits for its answer; a turn is three darts a few seconds apart.
  'darts:invite': { limit: 30, windowMs: 60_000 },
  'darts:answer': { limit: 60, windowMs: 60_000 },
  'darts:throw': { limit: 120, windowMs: 60_000 },
  'darts:leave': { limit: 60, windowMs: 60_000 },
};
