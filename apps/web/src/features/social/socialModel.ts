import {
  DEFAULT_BRIDGE_POSITION,
  SocialConstants,
  type BridgePosition,
  type InboxMessage,
  type Reply,
  type ServerPayload,
} from '@atrium/protocol';

/** One person on the Online tab. */
export interface OnlineUser {
  user_id: string;
  username: string;
}

/** The Online tab's list as the server answers it: how many match, and the first of them. */
export interface OnlinePage {
  total: number;
  users: OnlineUser[];
}

/** By name without regard to case, as the server orders the list. */
const byName = (a: OnlineUser, b: OnlineUser) =>
  a.username.toLowerCase().localeCompare(b.username.toLowerCase());

/**
 * The Online tab's list after someone came online or went offline (issue 27), for the search
 * `term` it was loaded with (the server's "name contains", any case). A page that shows fewer
 * than the total takes in a newcomer only where they sort among it, as the server would.
 */
export function applyPresence(
  page: OnlinePage,
  event: ServerPayload<'social:presence'>,
  term: string,
): OnlinePage {
  if (!event.username.toLowerCase().includes(term.trim().toLowerCase())) return page;
  const listed = page.users.some((u) => u.user_id === event.user_id);
  const complete = page.total <= page.users.length;
  if (!event.online) {
    if (listed) {
      return {
        total: page.total - 1,
        users: page.users.filter((u) => u.user_id !== event.user_id),
      };
    }
    return complete ? page : { ...page, total: page.total - 1 };
  }
  if (listed) return page;
  const user = { user_id: event.user_id, username: event.username };
  const last = page.users.at(-1);
  const shown = complete || (last !== undefined && byName(user, last) < 0);
  return {
    total: page.total + 1,
    users: shown
      ? [...page.users, user].sort(byName).slice(0, SocialConstants.onlinePageMax)
      : page.users,
  };
}

/**
 * Adds an incoming message to the popup queue: one per inbox type, as on the server, so a newer
 * message of the same type replaces the older one (and goes last, as it arrived last).
 */
export function enqueue(queue: readonly InboxMessage[], message: InboxMessage): InboxMessage[] {
  return [...queue.filter((m) => m.inbox !== message.inbox), message];
}

/** Drops the message of one inbox type (answered here or in another tab, or expired). */
export function dropInbox(
  queue: readonly InboxMessage[],
  inbox: InboxMessage['inbox'],
): InboxMessage[] {
  return queue.filter((m) => m.inbox !== inbox);
}

/** The host page's strings as the server's numbers (anything unreadable is 0, as SPEC §4's '0'). */
export function toServerPosition(p: BridgePosition): { x: number; y: number; z: number } {
  const n = (v: string) => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : 0);
  return { x: n(p.x), y: n(p.y), z: n(p.z) };
}

/** The server's numbers as the bridge's strings, `'0'` each when there is no position. */
export function toBridgePosition(p: Reply['position']): BridgePosition {
  return p ? { x: String(p.x), y: String(p.y), z: String(p.z) } : DEFAULT_BRIDGE_POSITION;
}
