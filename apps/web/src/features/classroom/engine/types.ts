// The contract between the classroom's media engine (engine/) and its screens. The engine owns
// the socket signalling and every RTCPeerConnection; screens read `ClassroomState` from a store
// and call `ClassroomActions`. Nothing here knows about React.
import type {
  ClassGroupPlan,
  ClassGroups,
  ClassLobby,
  ClassPollCreate,
  ClassPollView,
  EntryPolicy,
  GlobalMuteConfig,
  MediaKind,
  RaisedHand,
  Role,
  VideoChannel,
} from '@atrium/protocol';
import type { Store } from '../../../shared/store.ts';

/** SPEC §9: a participant whose audio level is at least this (0–100) is the active speaker. */
export const ACTIVE_SPEAKER_LEVEL = 5;

/** SPEC §4: not joined → (device settings) → joining → joined → left. */
export type ClassroomPhase = 'idle' | 'joining' | 'waiting' | 'joined' | 'failed';

/** The camera and microphone a person picked (SPEC §3 `is_popup_agora_advanced_settings`). */
export interface DeviceChoice {
  /** `deviceId` of the microphone; undefined is the browser's default. */
  mic?: string;
  /** `deviceId` of the camera; undefined is the browser's default. */
  camera?: string;
}

/** One of the person's own inputs. */
export interface LocalInput {
  /** The device could be opened (permission given and present). */
  available: boolean;
  /** It is sending: not muted by the person. */
  on: boolean;
  /** A teacher's mute-all (or mute) holds it off: the button is disabled (SPEC §4). */
  prohibited: boolean;
}

/** One video tile: the person themself or someone else in the room. */
export interface ClassroomTile {
  /** The participant id (Janus feed id, or the mesh id). */
  id: number;
  userId: string;
  name: string;
  role: Role;
  self: boolean;
  /** The camera's video and the audio; null until media arrives. */
  stream: MediaStream | null;
  /** The screen share, its own stream (a camera mute never touches it); null when none. */
  screen: MediaStream | null;
  /** The camera's track is there and frames flow (the receiving side's view of it). */
  videoLive: boolean;
  /**
   * Whether to show the camera: it is sent (`videoMuted` false) and live. False shows the avatar
   * with a camera-off mark, so a stopped camera never leaves a frozen frame.
   */
  hasVideo: boolean;
  /**
   * What the person really sends (their own switches, as their browser reports them, and off
   * while prohibited): the badges show this, not the permission.
   */
  audioMuted: boolean;
  videoMuted: boolean;
  /** SPEC §3 attribute `shareScreen`. */
  sharingScreen: boolean;
  audioProhibited: boolean;
  videoProhibited: boolean;
  /** Audio level 0–100, sampled about every 250 ms. */
  level: number;
  /** At ACTIVE_SPEAKER_LEVEL or more (SPEC §4): highlighted where it stands. */
  speaking: boolean;
}

export interface ClassroomState {
  phase: ClassroomPhase;
  room: VideoChannel | null;
  /** `sfu`: Janus carries the media; `mesh`: browsers connect directly (at most 4 people). */
  mode: 'sfu' | 'mesh' | null;
  /** Whether a teacher's mute is enforced by the media server (false in mesh mode). */
  enforced: boolean;
  /** Teacher or admin in this room: the teacher row shows. */
  host: boolean;
  /** Date.now() when the join finished. */
  joinedAt: number | null;
  /** Date.now() less how long the class has run (the server's count): the shared class clock. */
  startedAt: number | null;
  /**
   * The connection dropped while in class: the engine is rejoining the same room with the same
   * devices and switches, for up to RECONNECT_WINDOW_MS.
   */
  reconnecting: boolean;
  /** Self first, then the others in join order (the speaker is highlighted, not moved). */
  tiles: ClassroomTile[];
  mic: LocalInput;
  camera: LocalInput;
  /** This person shares their screen now. */
  sharing: boolean;
  /** The name of someone else who shares (the share button looks disabled), or null. */
  otherSharer: string | null;
  flags: GlobalMuteConfig;
  /** Raised hands in the order raised (issue 28): a queue for the teacher, a hand on the tiles. */
  hands: RaisedHand[];
  /** The class's poll as this person may see it (issue 28 §3), or none. */
  poll: ClassPollView | null;
  /**
   * Teachers and admins in a class: its entry policy and who waits in its lobby (issue 28);
   * null for everyone else.
   */
  lobby: ClassLobby | null;
  /**
   * The class's breakout groups (issue 28 §4) as the server last told them; null outside a class.
   * While they are open a student is in their group's room (`room` is then `room-1-g2`).
   */
  groups: ClassGroups | null;
  /** The teacher's last message to every group, with when it came (ms), or null. */
  groupNotice: { text: string; from: string; at: number } | null;
  /**
   * Hosts, while groups are open: who speaks in a group, by account id, until when (ms, this
   * clock; GROUP_SPEAKING_TTL_MS after the last word of it).
   */
  groupSpeaking: Record<string, number>;
  /**
   * Issue 28 §6 (last-N): the cameras the server forwards to this person now; null when it has not
   * said (the mesh, or before the first subscription). Any other camera tile shows as paused.
   */
  forwarded: number[] | null;
  /** The devices in use. */
  devices: DeviceChoice;
  /** The last failure, in words for the person (join refused, media server down…). */
  error: string | null;
}

/** What `switchDevices` managed: each is undefined when that device was not asked to change. */
export interface SwitchResult {
  camera?: boolean;
  mic?: boolean;
}

/** Issue 28 §3: each rejects with the server's words when it refuses. */
export interface PollActions {
  /** Teacher: opens a poll in the class. */
  createPoll(draft: ClassPollCreate): Promise<void>;
  /** Student: answers the open poll, or changes the answer. */
  votePoll(pollId: string, choice: number): Promise<void>;
  /** Teacher: closes the open poll. */
  closePoll(pollId: string): Promise<void>;
  /** Teacher: shows a closed poll's results to the class. */
  showPoll(pollId: string): Promise<void>;
}

/** Issue 28 §1: the waiting room and removal (teachers and admins; the server checks). */
export interface LobbyActions {
  /** The class's entry policy: `ask` sends students to the lobby first. */
  setEntryPolicy(policy: EntryPolicy): Promise<void>;
  /** Lets one waiting person in, or everyone waiting when `userId` is null. */
  admit(userId: string | null): Promise<void>;
  deny(userId: string): Promise<void>;
  /** Takes participant `target` out of the class (Janus drops them; a rejoin waits). */
  removeParticipant(target: number): Promise<void>;
  /** End class (issue 28 §5): everyone leaves and the class record is final. */
  endClass(): Promise<void>;
}

/** Issue 28 §4: breakout groups (the server checks every rule). */
export interface GroupActions {
  /** Hosts: saves the class's plan (count, mode, minutes, hand assignments). */
  planGroups(plan: ClassGroupPlan): Promise<void>;
  /** Hosts in the class: everyone into their groups. */
  openGroups(): Promise<void>;
  /** Hosts in the class: everyone back after the 30 s warning. */
  closeGroups(): Promise<void>;
  /** Hosts: moves one student to another group. */
  moveToGroup(userId: string, group: number): Promise<void>;
  /** A student picks their group (when the teacher lets them choose). */
  chooseGroup(group: number): Promise<void>;
  /** Hosts: a message to every group at once. */
  messageGroups(text: string): Promise<void>;
  /** A student in a group: Call the teacher. */
  callTeacher(): Promise<void>;
  /** Hosts: the call of `userId` is answered (it clears). */
  answerCall(userId: string): Promise<void>;
  /** Hosts: goes into group `group`'s room, or back to the main room with null. */
  visitGroup(group: number | null): Promise<void>;
}

export interface ClassroomActions extends PollActions, LobbyActions, GroupActions {
  /** Leaves any room first, then joins `room` with `devices` (SPEC §4 join flow). */
  join(room: VideoChannel, devices?: DeviceChoice): Promise<void>;
  leave(): Promise<void>;
  /** Turns the microphone on or off; refused (no change) while prohibited. */
  setMic(on: boolean): Promise<void>;
  setCamera(on: boolean): Promise<void>;
  /** Replaces the camera and/or microphone in place; the result drives the SPEC §8 toasts. */
  switchDevices(choice: DeviceChoice): Promise<SwitchResult>;
  /** Starts or stops screen share; rejects with the server's text when someone else shares. */
  setScreenShare(on: boolean): Promise<void>;
  /** Teacher: ends the screen share of participant `target` (a camera mute never does). */
  stopShareOf(target: number): Promise<void>;
  /** Teacher row: mute-all (`mute: true`) or allow-all (`mute: false`) for audio or video. */
  muteAll(kind: MediaKind, mute: boolean): Promise<void>;
  /** Raises or lowers this person's own hand (issue 28). */
  setHand(up: boolean): Promise<void>;
  /** Teacher: lowers `userId`'s hand, or every hand when `userId` is null. */
  lowerHand(userId: string | null): Promise<void>;
  /** A tile's place on screen (issue 28 §6: the server forwards the cameras on it); null: gone. */
  showTile(id: number, place: { visible: boolean; width: number } | null): void;
}

/** What `createClassroomClient(socket)` (engine/client.ts) gives the screens. */
export interface ClassroomClient {
  /** Read with `useSyncExternalStore(client.store.subscribe, client.store.get)`. */
  store: Store<ClassroomState>;
  actions: ClassroomActions;
  /** Leaves the room and stops every track (page unload, logout). */
  dispose(): void;
}
