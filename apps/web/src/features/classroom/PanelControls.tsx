import { isCallChannel, isClassroomRoom, isGroupChannel, ROOM_URL_MAX } from '@atrium/protocol';
import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { confirm, prompt } from '../../shared/dialogs/dialogStore.ts';
import { notifyError } from '../../shared/toast/toast.ts';
import { TileActionsContext, useClassroom } from './classroomContext.ts';
import { GroupsButton, TeacherGroupPlan } from './GroupsPanel.tsx';
import { Icon, type IconName } from './icons.tsx';
import { inputBlocked } from './panelModel.ts';
import { PollButton, StudentPoll, TeacherPoll } from './PollPanel.tsx';
import { useRoomChannelContext } from './room/useRoomChannel.ts';
import { ClassroomUiText as T } from './texts.ts';
import { defaultBoardUrl, groupBoardToggle } from './whiteboard/frame.ts';
import { studentBrowserPromptText } from './room/popupAllowlist.ts';

interface ControlProps {
  icon: IconName;
  label: string;
  /** The tooltip: what a click does now, or why it cannot. */
  title?: string;
  pressed?: boolean;
  disabled?: boolean;
  /** Looks disabled but still answers (the server decides, e.g. someone else shares). */
  dimmed?: boolean;
  tone?: 'danger' | 'off';
  control: string;
  onClick?: () => void;
}

/** A round icon button with its name for assistive technology and a tooltip for the mouse. */
export function ControlButton({
  icon,
  label,
  title,
  pressed,
  disabled,
  dimmed,
  tone,
  control,
  onClick,
}: ControlProps) {
  const classes = [
    'classroom-control',
    tone && `classroom-control--${tone}`,
    dimmed && 'classroom-control--dimmed',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      aria-label={label}
      title={title ?? label}
      aria-pressed={pressed}
      aria-disabled={dimmed || undefined}
      disabled={disabled}
      data-control={control}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}

/** The person's own controls (SPEC §2): add, mic, camera, devices, share, whiteboard, leave. */
export function MediaControls({ extra }: { extra?: ReactNode }) {
  const { state, setMic, setCamera, setScreenShare, openDeviceSettings, leave, setHand } =
    useClassroom();
  // The social layer's friend picker (issue 27); null without one.
  const social = useContext(TileActionsContext);
  const room = useRoomChannelContext();
  const whiteboard = room.view.state.whiteboard;
  const me = room.view.me;
  // SPEC §5/§9: the prompt's default is board-{user id}, or one's own open board; an empty answer
  // does nothing. The server decides who may open it (teachers and admins, not over another's).
  const openWhiteboard = async () => {
    try {
      const mine = whiteboard && me && whiteboard.owner === me.id ? whiteboard : null;
      const url = (
        (await prompt({
          title: T.whiteboardPromptTitle,
          description: T.whiteboardPromptText,
          label: T.whiteboardUrlLabel,
          defaultValue: mine?.url ?? defaultBoardUrl(me?.id),
          maxLength: ROOM_URL_MAX,
        })) ?? ''
      ).trim();
      if (!url) return;
      await room.send({
        type: 'action',
        name: 'open_whiteboard',
        data: { url, readonly: mine?.readonly ?? false },
      });
    } catch (error) {
      notifyError(error instanceof Error ? error.message : T.mediaFailed);
    }
  };
  // Issue 28 §4: in a breakout group the board is the group's; the button opens or closes it.
  const inGroup = state.room !== null && isGroupChannel(state.room);
  const toggleGroupWhiteboard = () =>
    room
      .send(groupBoardToggle(state.room ?? '', whiteboard !== null))
      .catch((error: unknown) =>
        notifyError(error instanceof Error ? error.message : T.mediaFailed),
      );
  const selfId = state.tiles.find((t) => t.self)?.userId;
  const handUp = state.hands.some((h) => h.userId === selfId);
  const micBlocked = inputBlocked(state.mic, 'mic');
  const cameraBlocked = inputBlocked(state.camera, 'camera');
  const reasons = [micBlocked, cameraBlocked].filter((r): r is string => r !== null);
  const shareTitle = state.otherSharer
    ? T.otherSharing(state.otherSharer)
    : state.sharing
      ? T.stopSharing
      : T.shareScreen;

  return (
    <>
      <div className="classroom-controls" role="toolbar" aria-label={T.controls}>
        <ControlButton
          icon="addPerson"
          label={T.addParticipant}
          title={social ? T.addParticipant : T.addParticipantSoon}
          control="add-participant"
          disabled={!social || state.phase !== 'joined'}
          onClick={() => social?.addParticipant(state.tiles.map((tile) => tile.userId))}
        />
        <ControlButton
          icon={state.mic.on ? 'mic' : 'micOff'}
          label={T.microphone}
          title={micBlocked ?? (state.mic.on ? T.micOn : T.micOff)}
          pressed={state.mic.on}
          tone={state.mic.on ? undefined : 'off'}
          disabled={micBlocked !== null}
          control="mic"
          onClick={() => setMic(!state.mic.on)}
        />
        {/* SPEC §4: while sharing, the screen is published in the camera's place. */}
        {!state.sharing && (
          <ControlButton
            icon={state.camera.on ? 'camera' : 'cameraOff'}
            label={T.camera}
            title={cameraBlocked ?? (state.camera.on ? T.cameraOn : T.cameraOff)}
            pressed={state.camera.on}
            tone={state.camera.on ? undefined : 'off'}
            disabled={cameraBlocked !== null}
            control="camera"
            onClick={() => setCamera(!state.camera.on)}
          />
        )}
        <ControlButton
          icon="settings"
          label={T.deviceSettings}
          control="devices"
          onClick={openDeviceSettings}
        />
        <ControlButton
          icon={state.sharing ? 'screenOff' : 'screen'}
          label={T.shareScreen}
          title={shareTitle}
          pressed={state.sharing}
          dimmed={state.otherSharer !== null}
          control="share"
          onClick={() => setScreenShare(!state.sharing)}
        />
        {/* A class or one of its breakout groups (each keeps its own hands); not a call. */}
        {!state.host && state.room && !isCallChannel(state.room) && (
          <HandButton up={handUp} onToggle={() => setHand(!handUp)} />
        )}
        {(inGroup || (state.host && state.room && isClassroomRoom(state.room))) && (
          <ControlButton
            icon="whiteboard"
            label={T.whiteboard}
            title={inGroup ? T.whiteboardGroupTitle : T.whiteboardOpenTitle}
            pressed={whiteboard !== null}
            control="whiteboard"
            disabled={!room.view.connected}
            onClick={() => void (inGroup ? toggleGroupWhiteboard() : openWhiteboard())}
          />
        )}
        {extra}
        <button
          type="button"
          className="button classroom-leave"
          data-control="leave"
          onClick={leave}
        >
          <Icon name="leave" size={18} />
          {T.leave}
        </button>
      </div>
      {reasons.length > 0 && (
        <p className="classroom-panel__reason" role="status">
          {reasons.join(' · ')}
        </p>
      )}
      {!state.host && state.room && isClassroomRoom(state.room) && <StudentPoll />}
    </>
  );
}

/** SPEC §2's teacher row: student browser, mute-all and allow-all for audio and video. */
export function TeacherControls() {
  const { state, muteAll, lobby } = useClassroom();
  const askToJoin = state.lobby?.policy === 'ask';
  const room = useRoomChannelContext();
  const popupOpen = room.view.state.popup !== null;
  const [composingPoll, setComposingPoll] = useState(false);
  const [composingGroups, setComposingGroups] = useState(false);
  // SPEC §5: the prompt's answer is trimmed; an empty one does nothing.
  const toggleStudentBrowser = async () => {
    try {
      if (popupOpen) {
        await room.send({ type: 'action', name: 'hide_member_popup' });
        return;
      }
      const url = (
        (await prompt({
          title: T.studentBrowserPromptTitle,
          // Says which addresses the server takes: the campus and the admin's allowlist.
          description: await studentBrowserPromptText(),
          label: T.studentBrowserPromptLabel,
          placeholder: 'https://',
          required: true,
          maxLength: ROOM_URL_MAX,
        })) ?? ''
      ).trim();
      if (!url) return;
      await room.send({ type: 'action', name: 'show_member_popup', data: { url } });
    } catch (error) {
      notifyError(error instanceof Error ? error.message : T.mediaFailed);
    }
  };
  const audioMuted = state.flags.global_mute_audio_config;
  const videoMuted = state.flags.global_mute_video_config;
  return (
    <div className="classroom-teacher" role="group" aria-label={T.teacherControls}>
      <div className="classroom-teacher__buttons">
        <button
          type="button"
          className="classroom-chip"
          aria-pressed={audioMuted}
          data-control="mute-all-audio"
          onClick={() => muteAll('audio', true)}
        >
          <Icon name="micOff" size={16} />
          {T.muteAllAudio}
        </button>
        <button
          type="button"
          className="classroom-chip"
          data-control="allow-all-audio"
          onClick={() => muteAll('audio', false)}
        >
          <Icon name="mic" size={16} />
          {T.allowAllAudio}
        </button>
        <button
          type="button"
          className="classroom-chip"
          aria-pressed={videoMuted}
          data-control="mute-all-video"
          onClick={() => muteAll('video', true)}
        >
          <Icon name="cameraOff" size={16} />
          {T.muteAllVideo}
        </button>
        <button
          type="button"
          className="classroom-chip"
          data-control="allow-all-video"
          onClick={() => muteAll('video', false)}
        >
          <Icon name="camera" size={16} />
          {T.allowAllVideo}
        </button>
        {/* Last, so the mute pairs line up. */}
        <button
          type="button"
          className="classroom-chip"
          aria-pressed={popupOpen}
          data-control="student-browser"
          disabled={!room.view.connected}
          onClick={() => void toggleStudentBrowser()}
        >
          <Icon name="browser" size={16} />
          {popupOpen ? T.closeStudentBrowser : T.studentBrowser}
        </button>
        {/* Issue 28 §5: everyone leaves, the class record is final. */}
        <button
          type="button"
          className="classroom-chip classroom-chip--danger"
          data-control="end-class"
          onClick={() =>
            void confirm({
              title: T.endClass,
              message: T.endClassConfirm,
              confirmLabel: T.endClass,
            }).then((yes) => yes && lobby.endClass())
          }
        >
          <Icon name="endClass" size={16} />
          {T.endClass}
        </button>
        {/* Issue 28: the entry policy; the lobby above lists who waits. */}
        <button
          type="button"
          className="classroom-chip"
          aria-pressed={askToJoin}
          data-control="ask-to-join"
          title={T.askToJoinHint}
          onClick={() => lobby.setEntryPolicy(askToJoin ? 'open' : 'ask')}
        >
          <Icon name="lock" size={16} />
          {T.askToJoin}
        </button>
        <PollButton open={composingPoll} onToggle={() => setComposingPoll(!composingPoll)} />
        <GroupsButton
          open={composingGroups}
          onToggle={() => setComposingGroups(!composingGroups)}
        />
      </div>
      <TeacherPoll composing={composingPoll} onComposingChange={setComposingPoll} />
      <TeacherGroupPlan composing={composingGroups} onComposingChange={setComposingGroups} />
      {!state.enforced && <p className="classroom-teacher__note">{T.meshNote}</p>}
    </div>
  );
}

/** Whether a key press belongs to a text field (typing an H there raises no hand). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** A student's raised hand (issue 28): the button, and the key H anywhere in the page but a field. */
function HandButton({ up, onToggle }: { up: boolean; onToggle: () => void }) {
  const toggle = useRef(onToggle);
  useEffect(() => {
    toggle.current = onToggle;
  }, [onToggle]);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'h' && event.key !== 'H') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (typing(event.target) || event.defaultPrevented) return;
      event.preventDefault();
      toggle.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <ControlButton
      icon="hand"
      label={T.raiseHand}
      title={`${up ? T.lowerHandOwn : T.raiseHand} (H)`}
      pressed={up}
      control="hand"
      onClick={onToggle}
    />
  );
}

/** "HH:MM" in the person's own clock. */
const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The teacher's queue of raised hands (issue 28): in the order raised, each with its time and a
 * Lower button, and Lower all. A polite live region says whose hand just went up.
 */
export function RaisedHands() {
  const { state, lowerHand } = useClassroom();
  const [announced, setAnnounced] = useState('');
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    const now = new Set(state.hands.map((h) => h.userId));
    // The queue as it stood when the panel opened is not news; a hand raised after it is.
    if (known.current) {
      const raised = state.hands.find((h) => !known.current!.has(h.userId));
      if (raised) setAnnounced(T.raisedHandAnnounce(raised.name));
    }
    known.current = now;
  }, [state.hands]);
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced}
      </p>
      {state.hands.length > 0 && (
        <section className="classroom-hands" aria-label={T.handsTitle(state.hands.length)}>
          <div className="classroom-hands__head">
            <h3 className="classroom-hands__title">
              <Icon name="hand" size={16} />
              {T.handsTitle(state.hands.length)}
            </h3>
            <button type="button" className="classroom-chip" onClick={() => lowerHand(null)}>
              {T.lowerAllHands}
            </button>
          </div>
          <ol className="classroom-hands__list">
            {state.hands.map((hand) => (
              <li key={hand.userId} className="classroom-hands__item">
                <span className="classroom-hands__name">{hand.name}</span>
                <time
                  className="classroom-hands__time"
                  dateTime={new Date(hand.raisedAt).toISOString()}
                >
                  {T.handRaisedAt(clock(hand.raisedAt))}
                </time>
                <button
                  type="button"
                  className="classroom-chip"
                  aria-label={T.lowerHandOf(hand.name)}
                  onClick={() => lowerHand(hand.userId)}
                >
                  {T.lowerHand}
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

/**
 * The teacher's lobby (issue 28 §1): who waits to join, in the order they came, with Admit, Deny
 * and Admit all. A polite live region says who just arrived.
 */
export function Lobby() {
  const { state, lobby } = useClassroom();
  const waiting = useMemo(() => state.lobby?.waiting ?? [], [state.lobby]);
  const [announced, setAnnounced] = useState('');
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    const now = new Set(waiting.map((w) => w.userId));
    if (known.current) {
      const arrived = waiting.find((w) => !known.current!.has(w.userId));
      if (arrived) setAnnounced(T.lobbyArrived(arrived.name));
    }
    known.current = now;
  }, [waiting]);
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced}
      </p>
      {waiting.length > 0 && (
        <section
          className="classroom-hands classroom-lobby"
          aria-label={T.lobbyTitle(waiting.length)}
        >
          <div className="classroom-hands__head">
            <h3 className="classroom-hands__title">
              <Icon name="lock" size={16} />
              {T.lobbyTitle(waiting.length)}
            </h3>
            <button type="button" className="classroom-chip" onClick={() => lobby.admit(null)}>
              {T.admitAll}
            </button>
          </div>
          <ol className="classroom-hands__list">
            {waiting.map((w) => (
              <li key={w.userId} className="classroom-hands__item">
                <span className="classroom-hands__name">{w.name}</span>
                <time className="classroom-hands__time" dateTime={new Date(w.since).toISOString()}>
                  {T.lobbyWaitingSince(clock(w.since))}
                </time>
                <span className="classroom-lobby__actions">
                  <button
                    type="button"
                    className="classroom-chip classroom-chip--primary"
                    aria-label={T.admitOf(w.name)}
                    onClick={() => lobby.admit(w.userId)}
                  >
                    {T.admit}
                  </button>
                  <button
                    type="button"
                    className="classroom-chip"
                    aria-label={T.denyOf(w.name)}
                    onClick={() => lobby.deny(w.userId)}
                  >
                    {T.deny}
                  </button>
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
