import { describe, expect, it } from 'vitest';
import {
  changedDevices,
  IDLE_CLASSROOM,
  inputBlocked,
  lacksAllDevices,
  switchMessages,
  tileLabel,
} from './panelModel.ts';
import { ClassroomUiText } from './texts.ts';

describe('tileLabel', () => {
  it('names the person whose video it is', () => {
    expect(tileLabel({ name: 'Ada', hasVideo: true, self: false })).toBe('Video of Ada');
    expect(tileLabel({ name: 'Ada', hasVideo: false, self: false })).toBe('Ada, camera off');
    expect(tileLabel({ name: 'Bo', hasVideo: true, self: true })).toBe('Video of Bo (you)');
  });
});

describe('changedDevices', () => {
  it('keeps only the devices that change', () => {
    expect(changedDevices({ mic: 'a', camera: 'b' }, { mic: 'a', camera: 'c' })).toEqual({
      camera: 'c',
    });
    expect(changedDevices({}, {})).toEqual({});
    expect(changedDevices({ mic: 'a' }, {})).toEqual({ mic: '' });
  });
});

describe('switchMessages', () => {
  it('gives the SPEC §8 texts', () => {
    expect(switchMessages({ camera: true, mic: false })).toEqual([
      { ok: true, message: 'Switch camera success' },
      { ok: false, message: 'Switch microphone fail!' },
    ]);
    expect(switchMessages({ camera: false })).toEqual([
      {
        ok: false,
        message:
          'Switch camera fail! Seems like the camera is being used by some other application.',
      },
    ]);
    expect(switchMessages({ mic: true })).toEqual([
      { ok: true, message: 'Switch microphone success' },
    ]);
    expect(switchMessages({})).toEqual([]);
  });
});

describe('inputBlocked', () => {
  it('says why a button is disabled', () => {
    const ok = { available: true, on: true, prohibited: false };
    expect(inputBlocked(ok, 'mic')).toBeNull();
    expect(inputBlocked({ ...ok, prohibited: true }, 'mic')).toBe(ClassroomUiText.micProhibited);
    expect(inputBlocked({ ...ok, available: false }, 'camera')).toBe(
      ClassroomUiText.cameraUnavailable,
    );
  });
});

describe('lacksAllDevices', () => {
  it('is true only once joined without camera and microphone', () => {
    expect(lacksAllDevices(IDLE_CLASSROOM)).toBe(false);
    expect(lacksAllDevices({ ...IDLE_CLASSROOM, phase: 'joined' })).toBe(true);
    expect(
      lacksAllDevices({
        ...IDLE_CLASSROOM,
        phase: 'joined',
        mic: { available: true, on: false, prohibited: false },
      }),
    ).toBe(false);
  });
});
