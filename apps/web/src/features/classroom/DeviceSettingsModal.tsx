import { CLASSROOM_ROOMS, isCallChannel, type VideoChannel } from '@atrium/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import type { DeviceModal } from './classroomContext.ts';
import type { DeviceChoice } from './engine/types.ts';
import { ClassroomUiText as T } from './texts.ts';
import { useMediaDevices } from './useMediaDevices.ts';
import './classroom.css';

export interface DeviceSettingsModalProps {
  modal: Exclude<DeviceModal, null>;
  /** The devices to preselect: the saved ones before a join, the ones in use in a room. */
  current: DeviceChoice;
  onJoin: (room: VideoChannel, choice: DeviceChoice) => void;
  onApply: (choice: DeviceChoice) => Promise<void>;
  onClose: () => void;
}

/**
 * SPEC §2 "Device settings modal": microphone and camera, then Join or Cancel. Opened from the
 * in-room settings button it switches the devices in place and shows a close button instead.
 */
export function DeviceSettingsModal({
  modal,
  current,
  onJoin,
  onApply,
  onClose,
}: DeviceSettingsModalProps) {
  const id = useId();
  const { lists, denied } = useMediaDevices();
  const [mic, setMic] = useState(current.mic ?? '');
  const [camera, setCamera] = useState(current.camera ?? '');
  const [room, setRoom] = useState<VideoChannel>(modal.mode === 'join' ? modal.room : 'room-1');
  const [busy, setBusy] = useState(false);
  const inRoom = modal.mode === 'switch';
  // A call's room is given (the call was accepted): there is no classroom to pick.
  const pickRoom = !inRoom && !isCallChannel(room);
  // Focus starts on the first choice, not on Cancel.
  const firstField = useRef<HTMLSelectElement>(null);

  const choice = (): DeviceChoice => ({
    ...(mic ? { mic } : {}),
    ...(camera ? { camera } : {}),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!inRoom) {
      onJoin(room, choice());
      return;
    }
    setBusy(true);
    void onApply(choice()).finally(() => setBusy(false));
  };

  const deviceField = (
    kind: 'mic' | 'camera',
    value: string,
    setValue: (value: string) => void,
  ) => {
    const label = kind === 'mic' ? T.microphone : T.camera;
    const options = (kind === 'mic' ? lists?.mics : lists?.cameras) ?? [];
    // A saved device that is gone now falls back to the default rather than a blank select.
    const known = value === '' || options.some((o) => o.id === value);
    return (
      <div className="field">
        <label className="field__label" htmlFor={`${id}-${kind}`}>
          {label}
        </label>
        <select
          ref={kind === 'mic' && !pickRoom ? firstField : undefined}
          id={`${id}-${kind}`}
          className="field__input classroom-select"
          value={known ? value : ''}
          disabled={lists === null}
          onChange={(event) => setValue(event.target.value)}
        >
          <option value="">{T.defaultDevice}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        {lists !== null && options.length === 0 && !denied && (
          <p className="classroom-modal__hint">{T.noDevice(label)}</p>
        )}
      </div>
    );
  };

  return (
    <PopupShell
      open
      onDismiss={onClose}
      className="classroom-modal"
      initialFocus={firstField}
      modal
    >
      <Dialog.Title className="dialog__title">{T.chooseDevices}</Dialog.Title>
      <Dialog.Description className="dialog__description">{T.devicesIntro}</Dialog.Description>
      <form className="dialog__form" onSubmit={handleSubmit}>
        {pickRoom && (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-room`}>
              {T.classroom}
            </label>
            <select
              ref={firstField}
              id={`${id}-room`}
              className="field__input classroom-select"
              value={room}
              onChange={(event) => setRoom(event.target.value)}
            >
              {CLASSROOM_ROOMS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        {deviceField('mic', mic, setMic)}
        {deviceField('camera', camera, setCamera)}
        {lists === null && (
          <p className="classroom-modal__hint" role="status">
            {T.devicesLoading}
          </p>
        )}
        {denied && (
          <p className="classroom-modal__hint classroom-modal__hint--warning" role="status">
            {T.permissionDenied}
          </p>
        )}
        <div className="dialog__actions">
          {/* SPEC §2: opened in the room, the modal is closed rather than cancelled. */}
          <Dialog.Close className="button button--secondary">
            {inRoom ? T.close : T.cancel}
          </Dialog.Close>
          <button type="submit" className="button button--primary" disabled={busy}>
            {inRoom ? T.apply : T.join}
          </button>
        </div>
      </form>
    </PopupShell>
  );
}
