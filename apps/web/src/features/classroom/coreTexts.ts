import { ClassroomText, isCallChannel } from '@atrium/protocol';

// The classroom's core texts: what the home page and the shell need before any class loads (the
// provider, the side panel's button, the spec's words). The lesson features' texts (lobby, polls,
// groups, record) are in texts.ts, which spreads these: tests and class screens import that.
/**
 * The classroom screens' texts. The spec's own words (SPEC §2, §5, §8) come from `ClassroomText`
 * in @atrium/protocol and are re-exported here, so a test imports every text from one module.
 */
/** The panel's title in a call's own room. */
const ClassroomUiTextCall = 'Call';

export const ClassroomCoreText = {
  ...ClassroomText,
  panelTitle: 'Classroom',
  /** A classroom's name, or `Call` for a call's own room (the caller's id, or two ids). */
  roomName: (room: string) => {
    if (isCallChannel(room)) return ClassroomUiTextCall;
    // A breakout group's own room (issue 28 §4): `room-1-g2`. Matched here rather than with the
    // protocol's parseGroupChannel, whose module (schemas) would join the home page's first load.
    const group = /^room-([1-3])-g(\d+)$/.exec(room);
    return group
      ? `Classroom ${group[1]} · Group ${group[2]}`
      : `Classroom ${room.replace('room-', '')}`;
  },
  callTitle: 'Call',
  joiningCall: 'Joining the call…',
  people: (count: number) => (count === 1 ? '1 person' : `${count} people`),
  elapsed: 'Class time (since the class started)',
  /** The connection dropped; the engine rejoins by itself (issue 27). */
  reconnecting: 'Reconnecting…',
  reconnected: 'Back in class.',
  reconnectFailed:
    'The connection to the class was lost for over a minute. Check your connection and join again.',
  notJoinedTitle: 'Join a live class',
  notJoinedBody: 'Pick a classroom. Your teacher and classmates will see and hear you.',
  quickJoin: (room: string) => `Join ${room}`,
  joinWithSettings: 'Join with settings',
  joining: 'Joining the classroom…',
  openClassroom: 'Classroom',
  closePanel: 'Close the classroom panel',
  // The controls.
  controls: 'Classroom controls',
  teacherControls: 'Teacher controls',
  addParticipant: 'Add participant',
  addParticipantSoon: 'Adding people comes with friends',
  micOn: 'Mute microphone',
  micOff: 'Unmute microphone',
  micProhibited: 'Your teacher has muted everyone’s microphone',
  micUnavailable: 'No microphone can be used',
  cameraOn: 'Turn camera off',
  cameraOff: 'Turn camera on',
  cameraProhibited: 'Your teacher has turned everyone’s camera off',
  cameraUnavailable: 'No camera can be used',
  deviceSettings: 'Switch camera or microphone',
  shareScreen: 'Share screen',
  stopSharing: 'Stop sharing',
  otherSharing: (name: string) => `${name} is sharing the screen`,
  whiteboard: 'Whiteboard',
  // The whiteboard popup (SPEC §2 "Whiteboard popup").
  whiteboardTitle: 'Whiteboard',
  whiteboardOpenTitle: 'Open the whiteboard for the class',
  whiteboardPromptTitle: 'Open the whiteboard',
  whiteboardPromptText:
    'Everyone in the class sees this board. Keep the name to continue your board, or type another to start a new one.',
  whiteboardUrlLabel: 'Board URL',
  whiteboardChangeUrl: 'Change',
  /** SPEC §2, letter for letter. */
  whiteboardDisallow: 'Disallow participant to draw',
  whiteboardClose: 'Close',
  whiteboardReadonlyNote: 'Only the teacher can draw on this board now.',
  whiteboardDrawNote: 'Everyone can draw on this board.',
  whiteboardGroupNote: 'Your group’s board: everyone in the group can draw.',
  whiteboardGroupTitle: 'Your group’s whiteboard',
  whiteboardLoading: 'Loading the whiteboard…',
  whiteboardMenu: 'Whiteboard menu',
  leave: 'Leave',
  studentBrowser: 'Open student browser',
  closeStudentBrowser: 'Close student browser',
  studentBrowserTitle: 'Student browser',
  studentBrowserFrame: (host: string) => `Page from ${host}`,
  studentBrowserPromptTitle: 'Open a page for the class',
  studentBrowserPromptText:
    'Members of the class see this page in a window. Only addresses your admin allows can be opened.',
  /** The same prompt, saying what the server takes (issue 27): the campus and the allowlist. */
  studentBrowserPromptAllowed: (origins: readonly string[]) =>
    origins.length === 0
      ? 'Members of the class see this page in a window. Only pages of this campus can be opened; your admin can allow other sites.'
      : `Members of the class see this page in a window. You can open pages of this campus and of ${origins.join(', ')}.`,
  studentBrowserPromptLabel: 'Address',
  openInNewTab: 'Open in a new tab',
  frameRefusedNote:
    'If the page stays blank, the site does not allow being shown here: open it in a new tab.',
  muteAllAudio: 'Mute all mics',
  allowAllAudio: 'Allow all mics',
  muteAllVideo: 'Stop all cameras',
  allowAllVideo: 'Allow all cameras',
  meshNote:
    'This class runs without the media server, so mutes are obeyed by the students’ browsers only.',
  // Raised hands (issue 28).
  raiseHand: 'Raise hand',
  lowerHandOwn: 'Lower hand',
  handKeyHint: 'Raise or lower your hand (H)',
  handRaised: 'hand raised',
  handsTitle: (n: number) => `Raised hands (${n})`,
  handRaisedAt: (time: string) => `raised at ${time}`,
  lowerHandOf: (name: string) => `Lower ${name}’s hand`,
  lowerHand: 'Lower',
  lowerAllHands: 'Lower all hands',
  /** The teacher's live region: someone's hand went up. */
  raisedHandAnnounce: (name: string) => `${name} raised a hand`,
  // The view toggles.
  gridFour: '4 columns',
  minimize: 'Minimise',
  maximize: 'Maximise',
  chat: 'Chat',
  chatSoon: 'Class chat arrives in the next update.',
  fullscreen: 'Fullscreen',
  exitFullscreen: 'Exit fullscreen',
  // Tiles.
  videoOf: (name: string) => `Video of ${name}`,
  noVideoOf: (name: string) => `${name}, camera off`,
  you: (name: string) => `${name} (you)`,
  teacher: 'Teacher',
  speaking: 'speaking',
  /** The video grid's live region (issue 27): who starts speaking. */
  startsSpeaking: (name: string) => `${name} is speaking`,
  micMuted: 'microphone off',
  cameraMuted: 'camera off',
  /** Issue 28 §6: a camera this page does not receive now (off screen, or beyond the limit). */
  videoPaused: 'Video paused to save bandwidth',
  videoPausedOf: (name: string) => `Video of ${name}, paused`,
  screenOf: (name: string) => `Screen shared by ${name}`,
  stopShareOf: (name: string) => `Stop ${name}’s screen share`,
  sharing: 'sharing screen',
  tileMenu: (name: string) => `More for ${name}`,
  call: 'Call',
  addFriend: 'Add Friend',
  /** Issue 29: report the person to the admins. */
  report: 'Report',
  socialSoon: 'Calls and friends come in a later update',
  stream: 'Participants',
  turnOnSound: 'Turn on sound',
  // The device settings modal.
  microphone: 'Microphone',
  camera: 'Camera',
  classroom: 'Classroom',
  defaultDevice: 'Default',
  noDevice: (kind: string) => `No ${kind.toLowerCase()} found`,
  devicesLoading: 'Looking for your camera and microphone…',
  permissionDenied:
    'The browser did not allow the camera or microphone, so their names are hidden. You can still join; allow access in the address bar to use them.',
  devicesIntro: 'These are used in every class until you change them.',
  join: 'Join',
  cancel: 'Cancel',
  apply: 'Apply',
  close: 'Close',
  // The world.
  nearClassroom: (room: string) => `You are at ${room}.`,
  joinThisClass: 'Join this class',
  engineMissing: 'The classroom is not available in this version.',
  connectFailed: 'Could not connect to the classroom. Check your connection and try again.',
} as const;
