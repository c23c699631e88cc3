import {
  ClassLobbyText,
  ClassRecordText,
  ClassroomText,
  isCallChannel,
  parseGroupChannel,
} from '@atrium/protocol';

/**
 * The classroom screens' texts. The spec's own words (SPEC §2, §5, §8) come from `ClassroomText`
 * in @atrium/protocol and are re-exported here, so a test imports every text from one module.
 */
/** The panel's title in a call's own room. */
const ClassroomUiTextCall = 'Call';

export const ClassroomUiText = {
  ...ClassroomText,
  ...ClassLobbyText,
  ...ClassRecordText,
  panelTitle: 'Classroom',
  /** A classroom's name, or `Call` for a call's own room (the caller's id, or two ids). */
  roomName: (room: string) => {
    if (isCallChannel(room)) return ClassroomUiTextCall;
    // A breakout group's own room (issue 28 §4): `room-1-g2`.
    const group = parseGroupChannel(room);
    return group
      ? `Classroom ${group.room.replace('room-', '')} · Group ${group.group}`
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
  // The waiting room and removal (issue 28 §1); the server's words are ClassLobbyText's.
  askToJoin: 'Ask to join',
  askToJoinHint: 'Students wait in the lobby until you let them in.',
  lobbyTitle: (n: number) => `Waiting to join (${n})`,
  /** The panel header's count for a teacher. */
  waitingCount: (n: number) => `${n} waiting`,
  lobbyWaitingSince: (time: string) => `waiting since ${time}`,
  admit: 'Admit',
  admitOf: (name: string) => `Admit ${name}`,
  deny: 'Deny',
  denyOf: (name: string) => `Deny ${name}`,
  admitAll: 'Admit all',
  /** The teacher's live region: someone started waiting. */
  lobbyArrived: (name: string) => `${name} is waiting to join`,
  lobbyLeave: 'Leave the lobby',
  // The class record and End class (issue 28 §5); the server's words are ClassRecordText's.
  classRecord: 'Class record',
  recordTitle: (room: string) => `Class record: ${room}`,
  recordIntro: 'Who took part in each class session, for how long, and what they did.',
  recordNone: 'No class sessions yet.',
  recordSession: 'Class session',
  recordSessionOption: (start: string, end: string | null, people: number) =>
    `${start} – ${end ?? 'now'} · ${people === 1 ? '1 person' : `${people} people`}`,
  recordLoading: 'Loading the record…',
  recordTable: 'Attendance',
  recordName: 'Name',
  recordJoined: 'Joined',
  recordLeft: 'Left',
  recordRejoins: 'Rejoins',
  recordPresent: 'Present',
  recordHands: 'Hands',
  recordPolls: 'Poll answers',
  recordGroups: 'Groups',
  recordGroupTime: (group: number, time: string) => `Group ${group}: ${time}`,
  recordRole: (role: string) => (role === 'admin' ? 'admin' : 'teacher'),
  recordAnonymous: '(anonymous)',
  recordDownload: 'Download CSV',
  recordDownloading: 'Downloading…',
  stillIn: 'still in',
  minutes: (n: number) => (n === 1 ? '1 min' : `${n} min`),
  endClass: 'End class',
  endClassConfirm: 'End the class for everyone? Everyone leaves and the class record is final.',
  removeFromClass: 'Remove from class',
  removeConfirm: (name: string) =>
    `Remove ${name} from the class? They can come back only if you admit them.`,
  // Polls (issue 28 §3); the checks' and the server's words are ClassPollText's.
  poll: 'Poll',
  pollTitle: 'Poll',
  pollStartTitle: 'Ask the class a question',
  pollNewTitle: 'New poll',
  pollQuestion: 'Question',
  pollQuestionPlaceholder: 'What would you like to ask?',
  pollAnswers: 'Answers',
  pollAnswer: (n: number) => `Answer ${n}`,
  pollAddAnswer: 'Add answer',
  pollRemoveAnswer: (n: number) => `Remove answer ${n}`,
  pollQuick: 'Quick answers',
  pollYesNo: 'Yes / No',
  pollAbcd: 'A – D',
  pollAnonymous: 'Anonymous (hide who chose what)',
  pollStart: 'Start poll',
  pollCancel: 'Cancel',
  pollOpen: 'Open',
  /** The badge beside the poll's title ("Poll · Closed"). */
  pollClosedBadge: 'Closed',
  pollClose: 'Close poll',
  pollShow: 'Show results to class',
  pollShown: 'Results shown to the class',
  pollNew: 'New poll',
  pollResults: 'Results',
  pollAnswered: (n: number) => (n === 1 ? '1 answer' : `${n} answers`),
  pollCount: (count: number, percent: number) => `${count} · ${percent}%`,
  pollOptionResult: (option: string, count: number, percent: number) =>
    `${option}: ${count} (${percent}%)`,
  pollWhoChose: 'Who chose what',
  pollNobodyYet: 'No answers yet.',
  pollAnonymousNote: 'Anonymous poll: names are not shown.',
  pollChangeHint: 'You can change your answer until the poll closes.',
  pollNotShown: 'Your teacher has not shown the results.',
  pollYourAnswer: 'your answer',
  pollHide: 'Hide poll',
  /** The live region: a new poll opened, or a poll closed. */
  pollAnnounceOpen: (question: string) => `New poll: ${question}`,
  pollAnnounceClosed: 'The poll is closed.',
  // Breakout groups (issue 28 §4); the checks' and the server's words are ClassGroupText's.
  groups: 'Groups',
  groupsStartTitle: 'Split the class into groups',
  groupsFormTitle: 'Breakout groups',
  groupsCount: 'Number of groups',
  groupsMode: 'How people are placed',
  groupsModeName: (mode: string) =>
    mode === 'manual' ? 'By hand' : mode === 'choose' ? 'Students choose' : 'At random',
  groupsModeHint: (mode: string) =>
    mode === 'manual'
      ? 'Pick a group for each student; anyone you leave at random is placed when the groups open.'
      : mode === 'choose'
        ? 'Students pick their own group when the groups open.'
        : 'Everyone is placed at random when the groups open.',
  groupsMinutes: 'Minutes (optional)',
  groupsMinutesHint: 'A countdown everyone sees. Leave empty for no time limit.',
  groupsAssign: 'Who goes where',
  groupsAssignOf: (name: string) => `Group for ${name}`,
  groupsAtRandom: 'At random',
  groupsNoStudents: 'No students in class yet: whoever joins is placed when the groups open.',
  groupsSave: 'Save plan',
  groupsOpen: 'Open groups',
  groupsCancel: 'Cancel',
  groupsEdit: 'Edit',
  groupsPrepared: 'Groups ready',
  groupsSummary: (count: number, mode: string, minutes: number | null) =>
    `${count} groups · ${mode} · ${minutes === null ? 'no time limit' : `${minutes} min`}`,
  groupName: (n: number) => `Group ${n}`,
  groupsOpenTitle: (n: number) => `Groups (${n})`,
  groupsTimeLeft: 'Time left in the groups',
  /** After the countdown: "12:34 left". */
  groupsLeft: 'left',
  groupsTimeUp: 'Time is up',
  groupsClose: 'Close groups',
  groupHere: (here: number, total: number) => `${here} of ${total} here`,
  groupPresent: 'here',
  groupNotHere: 'not here yet',
  groupEmpty: 'Nobody in this group yet.',
  groupCalling: 'calling the teacher',
  groupAnswer: 'Answer',
  groupAnswerOf: (name: string) => `Answer ${name}`,
  groupVisit: 'Visit',
  groupVisitOf: (n: number) => `Visit group ${n}`,
  groupVisitingBadge: 'you are here',
  groupBackToMain: 'Back to the main room',
  groupVisiting: (n: number) => `You are visiting group ${n}.`,
  groupMoveOf: (name: string) => `Move ${name} to group`,
  groupsMessage: 'Message to all groups',
  groupsMessagePlaceholder: 'Five minutes left!',
  groupsSend: 'Send',
  groupsSent: 'Sent to every group.',
  groupsLastMessage: 'Last message',
  groupCallTeacher: 'Call the teacher',
  groupTeacherCalled: 'Your teacher has been called.',
  groupNoticeFrom: (from: string) => `${from}, to all groups`,
  groupNoticeAnnounce: (from: string, text: string) => `${from} to all groups: ${text}`,
  groupsChooseTitle: 'Pick a group',
  groupsChooseHint: 'Your teacher lets you choose your group.',
  groupJoinOf: (n: number) => `Join group ${n}`,
  groupJoin: 'Join',
  groupPeople: (n: number) => (n === 1 ? '1 person' : `${n} people`),
  groupsWait: 'Your teacher is opening the groups…',
  /** A student's live region: the groups opened, or they closed. */
  groupsAnnounceIn: (n: number) => `You are in group ${n}.`,
  groupsAnnounceBack: 'The groups are closed. You are back in the main room.',
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
  screenOf: (name: string) => `Screen shared by ${name}`,
  stopShareOf: (name: string) => `Stop ${name}’s screen share`,
  sharing: 'sharing screen',
  tileMenu: (name: string) => `More for ${name}`,
  call: 'Call',
  addFriend: 'Add Friend',
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
