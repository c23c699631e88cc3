import { parseGroupChannel, roleLabels, type Role } from '@atrium/protocol';
import { DashboardText as T } from './texts.ts';

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** A server time as the reader's local `HH:MM:SS`. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : clock.format(date);
}

/** A class's channel as people call it: `room-2` is Classroom 2, `room-2-g3` its group 3. */
export function classLabel(channel: string): string {
  const group = parseGroupChannel(channel);
  if (group) return T.group(group.room.slice('room-'.length), group.group);
  const room = /^room-(\d+)$/.exec(channel);
  return room?.[1] ? T.classroom(room[1]) : channel;
}

/** A role as the app names it; a role the app does not know reads as the server sends it. */
export const roleLabel = (role: string): string =>
  Object.hasOwn(roleLabels, role) ? roleLabels[role as Role] : role;
