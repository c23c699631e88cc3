import {
  DEFAULT_BRIDGE_POSITION,
  type BridgePosition,
  type InboxMessage,
  type Reply,
} from '@atrium/protocol';

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
