import { describe, expect, it } from 'vitest';
import {
  DEVICE_SETTINGS_KEY,
  loadDeviceSetting,
  parseDeviceSetting,
  saveDeviceSetting,
  serializeDeviceSetting,
} from './deviceSetting.ts';

const memory = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
};

describe('device setting', () => {
  it('uses the key of SPEC §3', () => {
    expect(DEVICE_SETTINGS_KEY).toBe('is_popup_agora_advanced_settings');
  });

  it('round-trips a choice as {MIC, CAM}', () => {
    const storage = memory();
    saveDeviceSetting(storage, { mic: 'mic-1', camera: 'cam-2' });
    expect(JSON.parse(storage.map.get(DEVICE_SETTINGS_KEY) ?? '')).toEqual({
      MIC: 'mic-1',
      CAM: 'cam-2',
    });
    expect(loadDeviceSetting(storage)).toEqual({ mic: 'mic-1', camera: 'cam-2' });
  });

  it('stores the default device as an empty string and reads it back as the default', () => {
    expect(serializeDeviceSetting({})).toBe('{"MIC":"","CAM":""}');
    expect(parseDeviceSetting('{"MIC":"","CAM":""}')).toEqual({});
  });

  it('reads nothing saved as null, so the modal shows', () => {
    expect(loadDeviceSetting(memory())).toBeNull();
    expect(loadDeviceSetting(null)).toBeNull();
  });

  it('treats garbage as nothing saved and odd fields as the default', () => {
    for (const raw of ['', 'not json', '[]', 'null', '42', '"MIC"', '{']) {
      expect(parseDeviceSetting(raw)).toBeNull();
    }
    expect(parseDeviceSetting('{"MIC":5,"CAM":{"x":1}}')).toEqual({});
    expect(parseDeviceSetting(JSON.stringify({ MIC: 'a'.repeat(600), CAM: 'c' }))).toEqual({
      camera: 'c',
    });
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    expect(loadDeviceSetting(broken)).toBeNull();
    expect(() => saveDeviceSetting(broken, { mic: 'm' })).not.toThrow();
  });
});
