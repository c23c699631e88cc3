import type { BridgePosition, Emote, HostToWorld, InboxMessage } from '@atrium/protocol';
import { useSyncExternalStore } from 'react';
import { createStore } from '../../shared/store.ts';

/** The unread notification count: lights the Friends button's dot (SPEC §4). */
const unread = createStore(0);

export const setUnread = (count: number): void => unread.set(Math.max(0, count));
export const useUnread = (): number => useSyncExternalStore(unread.subscribe, unread.get, () => 0);

/** The world on this page, as the app hands it over (null away from the metaverse). */
export interface SocialWorld {
  send: (message: HostToWorld) => void;
  /** SPEC §4: resolves with `'0'` coordinates after 5 s without an answer. */
  requestPosition: () => Promise<BridgePosition>;
}

/** What the social layer needs from the rest of the app, wired by the app layer. */
export interface SocialLinks {
  world: SocialWorld | null;
  /** Joins a video room; false when this app cannot join that room. */
  joinRoom: (room: string) => boolean;
  /** The video room the person is in now, for invites; null when in none. */
  currentRoom: string | null;
}

/** What the panel may do over the socket (each shows its toast; none throws). */
export interface SocialActions {
  call: (username: string) => Promise<void>;
  /** Hangs up a call that still rings. */
  cancelCall: (username: string) => Promise<void>;
  /** Invites to the video room this person is in; true when it was sent. */
  invite: (username: string) => Promise<boolean>;
  requestAction: (username: string, action: Emote) => Promise<void>;
  addFriend: (username: string) => Promise<void>;
  /** The debug ping (development mode only, one per 10 s). */
  ping: (username: string) => Promise<void>;
  answer: (inbox: InboxMessage['inbox'], accept: boolean) => Promise<void>;
}

/** What other parts of the page may ask of the social layer (the video room's panel and tiles). */
export interface SocialCommands {
  call: (username: string) => void;
  addFriend: (username: string) => void;
  /** Opens the friend picker to invite into the current room, without `inRoom` (user ids). */
  addParticipant: (inRoom: readonly string[]) => void;
}

/** Set while the social layer is live (a signed-in person, socket or not). */
const commands = createStore<SocialCommands | null>(null);

export const setSocialCommands = (next: SocialCommands | null): void => commands.set(next);
export const useSocialCommands = (): SocialCommands | null =>
  useSyncExternalStore(commands.subscribe, commands.get, () => null);
