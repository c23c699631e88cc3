// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Player } from './player.ts';
import { Regions } from './regions.ts';
import * as texts from './texts.ts';
import { mountPlayer, spyConsole, stubFrameWindows } from './test-support.ts';

let players: Player[] = [];
const mount = (...args: Parameters<typeof mountPlayer>) => {
  const mounted = mountPlayer(...args);
  players.push(mounted.player);
  return mounted;
};
const loaded = () => {
  const mounted = mount();
  mounted.load();
  mounted.postMessage.mockClear();
  return mounted;
};

beforeEach(() => {
  stubFrameWindows();
});

afterEach(() => {
  for (const player of players) player.destroy();
  players = [];
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('before load', () => {
  test('every command is ignored', () => {
    const { player, sent } = mount();
    player.start();
    player.stop();
    player.maximize();
    player.minimize();
    player.setQuality(720);
    player.setVolume(0.5);
    player.restartStream();
    player.resumeSession();
    player.sendSDKMessage({ hello: 1 });
    player.setUserActive();
    player.setThumbnailUrl('https://x.example/t.png');
    player.getServerAvailability(vi.fn());
    player.getServerMetadata(vi.fn());
    expect(sent()).toEqual([]);
    expect(player.quality).toBe(1080);
    expect(player.volume).toBe(1);
    expect(player.isRestartStream).toBe(false);
  });
});

describe('commands after load', () => {
  test('each posts {type, value} to the portal origin', () => {
    const { player, sent } = loaded();
    player.setDefaultLocation(Regions.AUE);
    player.setLocation(Regions.USW);
    player.start();
    player.start(Regions.EUW);
    player.stop();
    player.maximize();
    player.minimize();
    player.setThumbnailUrl('https://x.example/t.png');
    player.getServerAvailability(vi.fn());
    player.getServerMetadata(vi.fn());
    expect(sent()).toEqual([
      { type: 'setLocation', value: [-33.865143, 151.2099] },
      { type: 'setLocation', value: [47.751076, -120.740135] },
      { type: 'start', value: [47.751076, -120.740135] },
      { type: 'start', value: [52.1326, 5.2913] },
      { type: 'stop' },
      { type: 'maximize' },
      { type: 'minimize' },
      { type: 'setThumbnailUrl', value: 'https://x.example/t.png' },
      { type: 'getServerAvailability' },
      { type: 'getServerMetadata' },
    ]);
  });

  test('start without any location sends no value', () => {
    const { player, sent } = loaded();
    player.start();
    expect(sent()).toEqual([{ type: 'start' }]);
  });

  test('sendSDKMessage sends objects as JSON text and other values as they are', () => {
    const { player, sent } = loaded();
    player.sendSDKMessage({ type: 'request_position' });
    player.sendSDKMessage('plain');
    player.setUserActive();
    expect(sent()).toEqual([
      { type: 'sendSDKMessage', value: '{"type":"request_position"}' },
      { type: 'sendSDKMessage', value: 'plain' },
      { type: 'sendSDKMessage', value: '{"userActive":true}' },
    ]);
  });
});

describe('setQuality', () => {
  test('current values are sent and kept', () => {
    const { player, sent } = loaded();
    player.setQuality(360);
    expect(player.quality).toBe(360);
    player.setQuality(0);
    expect(player.quality).toBe(0);
    expect(sent()).toEqual([
      { type: 'quality', value: 360 },
      { type: 'quality', value: 0 },
    ]);
  });

  test('legacy constants map to current values with a deprecation warning', () => {
    const warn = spyConsole('warn');
    const { player, sent } = loaded();
    player.setQuality(2);
    player.setQuality(4);
    expect(sent()).toEqual([
      { type: 'quality', value: 720 },
      { type: 'quality', value: 1080 },
    ]);
    expect(warn).toHaveBeenCalledWith(texts.legacyQualityDeprecated(2, 'MEDIUM', 720));
    expect(warn).toHaveBeenCalledWith(texts.legacyQualityDeprecated(4, 'HIGH', 1080));
  });

  test('anything else throws, before or after load, and nothing is sent', () => {
    const { player, load, sent } = mount();
    expect(() => player.setQuality(480 as 360)).toThrow(new Error(texts.BAD_QUALITY));
    load();
    expect(() => player.setQuality(5 as 360)).toThrow(new Error(texts.BAD_QUALITY));
    expect(player.quality).toBe(1080);
    expect(sent().filter((m) => m.type === 'quality')).toEqual([]);
  });
});

describe('setVolume', () => {
  test('0..1 is sent and kept', () => {
    const { player, sent } = loaded();
    player.setVolume(0.25);
    player.setVolume(0);
    expect(player.volume).toBe(0);
    expect(sent()).toEqual([
      { type: 'setVolume', value: 0.25 },
      { type: 'setVolume', value: 0 },
    ]);
  });

  test.each([-0.1, 1.1, Number.NaN, '0.5'])('%s throws', (volume) => {
    const { player, sent } = loaded();
    expect(() => player.setVolume(volume as number)).toThrow(new Error(texts.BAD_VOLUME));
    expect(player.volume).toBe(1);
    expect(sent()).toEqual([]);
  });
});

describe('restartStream', () => {
  test('sets the flag; a second restart only warns; stream start clears it', () => {
    const warn = spyConsole('warn');
    const { player, sent, fromFrame } = loaded();
    player.restartStream();
    expect(player.isRestartStream).toBe(true);
    player.restartStream();
    expect(warn).toHaveBeenCalledWith(texts.STREAM_ALREADY_RESTARTING);
    expect(sent()).toEqual([{ type: 'restartStream' }]);
    fromFrame({ type: 'onStreamStart' });
    expect(player.isRestartStream).toBe(false);
    player.restartStream();
    expect(sent()).toEqual([{ type: 'restartStream' }, { type: 'restartStream' }]);
  });
});

describe('resumeSession', () => {
  test('warns No active session until the frame reports a resumable session', () => {
    const warn = spyConsole('warn');
    const { player, sent, fromFrame } = loaded();
    player.resumeSession();
    expect(warn).toHaveBeenCalledWith(texts.NO_ACTIVE_SESSION);
    expect(sent()).toEqual([]);

    fromFrame({ type: 'onResumeSession', value: { canResumeSession: true } });
    expect(player.canResumeSession).toBe(true);
    player.resumeSession();
    expect(sent()).toEqual([{ type: 'resumeSession' }]);

    fromFrame({ type: 'onResumeSession', value: { canResumeSession: false } });
    warn.mockClear();
    player.resumeSession();
    expect(warn).toHaveBeenCalledWith(texts.NO_ACTIVE_SESSION);
    expect(sent()).toHaveLength(1);
  });

  test('a malformed resume report changes nothing', () => {
    const { player, fromFrame } = loaded();
    fromFrame({ type: 'onResumeSession', value: { canResumeSession: 'yes' } });
    fromFrame({ type: 'onResumeSession' });
    expect(player.canResumeSession).toBe(false);
  });
});

describe('server availability and metadata answers', () => {
  test('success calls the success callback with stats / metadata', () => {
    const { player, fromFrame } = loaded();
    const stats = { availableSlots: 2, totalSlots: 4, waitingTime: 0 };
    const metadata = { version: '1.0.0', region: 'EUW', publicUrl: 'https://c.example' };
    const onStats = vi.fn();
    const onMetadata = vi.fn();
    player.getServerAvailability(onStats);
    player.getServerMetadata(onMetadata);
    fromFrame({ type: 'getServerAvailability', value: { stats } });
    fromFrame({ type: 'getServerMetadata', value: { metadata } });
    expect(onStats).toHaveBeenCalledWith(stats);
    expect(onMetadata).toHaveBeenCalledWith(metadata);
  });

  test('an error is logged and passed to the error callback', () => {
    const log = spyConsole('log');
    const { player, fromFrame } = loaded();
    const success = vi.fn();
    const error = vi.fn();
    player.getServerAvailability(success, error);
    fromFrame({ type: 'getServerAvailability', value: { error: 'No server' } });
    expect(log).toHaveBeenCalledWith(texts.SERVER_AVAILABILITY_ERROR, 'No server');
    expect(error).toHaveBeenCalledWith('No server');
    player.getServerMetadata(success, error);
    fromFrame({ type: 'getServerMetadata', value: { error: 'Down' } });
    expect(log).toHaveBeenCalledWith(texts.SERVER_METADATA_ERROR, 'Down');
    expect(error).toHaveBeenCalledWith('Down');
    expect(success).not.toHaveBeenCalled();
  });

  test('success without a success callback logs No success callback binded !', () => {
    const log = spyConsole('log');
    const { player, fromFrame } = loaded();
    player.getServerAvailability();
    fromFrame({ type: 'getServerAvailability', value: { stats: {} } });
    expect(log).toHaveBeenCalledWith(texts.NO_SUCCESS_CALLBACK);
    log.mockClear();
    player.getServerMetadata();
    fromFrame({ type: 'getServerMetadata', value: { metadata: {} } });
    expect(log).toHaveBeenCalledWith(texts.NO_SUCCESS_CALLBACK);
  });
});
