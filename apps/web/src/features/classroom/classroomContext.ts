import type { ClassGroupPlan, EntryPolicy, MediaKind, VideoChannel } from '@atrium/protocol';
import { createContext, useContext, type ReactNode } from 'react';
import type { ClassroomState, PollActions } from './engine/types.ts';
import { IDLE_CLASSROOM } from './panelModel.ts';
import { idlePolls } from './pollModel.ts';

/** How the panel is laid out; shared by every place that shows it. */
export interface PanelView {
  minimized: boolean;
  chatOpen: boolean;
  /** `default`: tiles fill the width; `four`: 4 columns. */
  grid: 'default' | 'four';
}

/** The device modal: before a join (with a room), or in the room (switching devices). */
export type DeviceModal = { mode: 'join'; room: VideoChannel } | { mode: 'switch' } | null;

/** What the classroom screens read and call; `useClassroom()` gives it. */
export interface ClassroomController {
  state: ClassroomState;
  view: PanelView;
  setView: (change: Partial<PanelView>) => void;
  /** Whether a page shows its classroom panel (the metaverse opens it on a world join). */
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
  deviceModal: DeviceModal;
  /** SPEC §4: joins with the saved devices, or asks for them first when none are saved. */
  requestJoin: (room: VideoChannel) => void;
  /** Opens the device modal before joining `room`, even when devices are saved. */
  joinWithSettings: (room: VideoChannel) => void;
  /** The in-room settings button: the device modal's switch variant. */
  openDeviceSettings: () => void;
  closeDeviceModal: () => void;
  leave: () => void;
  setMic: (on: boolean) => void;
  setCamera: (on: boolean) => void;
  setScreenShare: (on: boolean) => void;
  /** Teacher: ends one participant's screen share. */
  stopShareOf: (target: number) => void;
  muteAll: (kind: MediaKind, mute: boolean) => void;
  /** Raises or lowers one's own hand (issue 28). */
  setHand: (up: boolean) => void;
  /** Teacher: lowers one hand, or all of them (null). */
  lowerHand: (userId: string | null) => void;
  /** Where a tile is on screen (issue 28 §6, last-N); null when it unmounts. */
  showTile: (id: number, place: { visible: boolean; width: number } | null) => void;
  /** The class's poll (issue 28 §3); each rejects with the server's words, for the panel to show. */
  polls: PollActions;
  /** Teachers and admins: the waiting room and removal (issue 28 §1); refusals are toasted. */
  lobby: LobbyControls;
  /** Breakout groups (issue 28 §4); refusals are toasted. */
  groups: GroupControls;
}

export interface LobbyControls {
  setEntryPolicy: (policy: EntryPolicy) => void;
  /** One waiting person, or everyone waiting (null). */
  admit: (userId: string | null) => void;
  deny: (userId: string) => void;
  removeParticipant: (target: number) => void;
  /** End class for everyone (issue 28 §5). */
  endClass: () => void;
}

/**
 * Breakout groups (issue 28 §4), fire-and-forget: a refusal is toasted in the server's words. Each
 * also resolves whether it went through, for a screen that goes on after it (Save, then Open).
 */
export interface GroupControls {
  planGroups: (plan: ClassGroupPlan) => Promise<boolean>;
  openGroups: () => Promise<boolean>;
  closeGroups: () => Promise<boolean>;
  moveToGroup: (userId: string, group: number) => Promise<boolean>;
  chooseGroup: (group: number) => Promise<boolean>;
  messageGroups: (text: string) => Promise<boolean>;
  callTeacher: () => Promise<boolean>;
  answerCall: (userId: string) => Promise<boolean>;
  /** Into group `group`'s room, or back to the main room with null. */
  visitGroup: (group: number | null) => Promise<boolean>;
}

const noop = () => undefined;
const notDone = () => Promise.resolve(false);

/** Outside a class: nothing goes through. */
export const idleGroups: GroupControls = {
  planGroups: notDone,
  openGroups: notDone,
  closeGroups: notDone,
  moveToGroup: notDone,
  chooseGroup: notDone,
  messageGroups: notDone,
  callTeacher: notDone,
  answerCall: notDone,
  visitGroup: notDone,
};

/** Outside a provider: an idle classroom whose buttons do nothing. */
export const idleController: ClassroomController = {
  state: IDLE_CLASSROOM,
  view: { minimized: false, chatOpen: false, grid: 'default' },
  setView: noop,
  panelOpen: false,
  setPanelOpen: noop,
  deviceModal: null,
  requestJoin: noop,
  joinWithSettings: noop,
  openDeviceSettings: noop,
  closeDeviceModal: noop,
  leave: noop,
  setMic: noop,
  setCamera: noop,
  setScreenShare: noop,
  stopShareOf: noop,
  muteAll: noop,
  setHand: noop,
  lowerHand: noop,
  showTile: noop,
  polls: idlePolls,
  lobby: { setEntryPolicy: noop, admit: noop, deny: noop, removeParticipant: noop, endClass: noop },
  groups: idleGroups,
};

export const ClassroomContext = createContext<ClassroomController>(idleController);

/** The classroom of the provider above (idle when there is none). */
export function useClassroom(): ClassroomController {
  return useContext(ClassroomContext);
}

/**
 * The class chat, given by the app (features do not import each other): the panel shows it for
 * the room the person is in. Null: the panel's placeholder.
 */
export const ChatSlotContext = createContext<((room: string) => ReactNode) | null>(null);

/**
 * SPEC §2 tile menu's Call and Add Friend, by username, and the panel's Add participant (the
 * social feature's, given by the app).
 */
export interface TileActions {
  call: (username: string) => void;
  addFriend: (username: string) => void;
  /** Opens the friend picker to invite into this room; `inRoom`: the user ids already in it. */
  addParticipant: (inRoom: readonly string[]) => void;
  /** Issue 29: opens the report form about a person, in this room. */
  report?: (username: string, room: string | null) => void;
}

/** Null: the tile menu and Add participant show disabled (no social layer, e.g. a guest). */
export const TileActionsContext = createContext<TileActions | null>(null);
