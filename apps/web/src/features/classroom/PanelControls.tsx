import { isClassroomRoom, ROOM_URL_MAX } from '@atrium/protocol';
import { useContext, type ReactNode } from 'react';
import { prompt } from '../../shared/dialogs/dialogStore.ts';
import { notifyError } from '../../shared/toast/toast.ts';
import { TileActionsContext, useClassroom } from './classroomContext.ts';
import { Icon, type IconName } from './icons.tsx';
import { inputBlocked } from './panelModel.ts';
import { useRoomChannelContext } from './room/useRoomChannel.ts';
import { ClassroomUiText as T } from './texts.ts';
import { defaultBoardUrl } from './whiteboard/frame.ts';
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
  const { state, setMic, setCamera, setScreenShare, openDeviceSettings, leave } = useClassroom();
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
        {state.host && state.room && isClassroomRoom(state.room) && (
          <ControlButton
            icon="whiteboard"
            label={T.whiteboard}
            title={T.whiteboardOpenTitle}
            pressed={whiteboard !== null}
            control="whiteboard"
            disabled={!room.view.connected}
            onClick={() => void openWhiteboard()}
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
    </>
  );
}

/** SPEC §2's teacher row: student browser, mute-all and allow-all for audio and video. */
export function TeacherControls() {
  const { state, muteAll } = useClassroom();
  const room = useRoomChannelContext();
  const popupOpen = room.view.state.popup !== null;
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
      </div>
      {!state.enforced && <p className="classroom-teacher__note">{T.meshNote}</p>}
    </div>
  );
}
