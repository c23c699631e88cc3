// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PlayerEventName } from './events.ts';
import type { Player } from './player.ts';
import * as texts from './texts.ts';
import { mountPlayer, spyConsole, stubFrameWindows } from './test-support.ts';

let players: Player[] = [];
const mount = () => {
  const mounted = mountPlayer();
  players.push(mounted.player);
  mounted.load();
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

// Frame message → event name, the value sent, and the arguments a listener receives.
const FORWARDED: [frameType: string, event: PlayerEventName, value: unknown, args: unknown[]][] = [
  ['onSDKMessage', 'sdkMessage', '{"type":"ping"}', ['{"type":"ping"}']],
  ['onUserActive', 'userActive', undefined, []],
  ['onUserInactive', 'userInactive', undefined, []],
  ['onSessionStopped', 'sessionStopped', undefined, []],
  ['onAppInstallProgress', 'appInstallProgress', { progress: 0.5 }, [{ progress: 0.5 }]],
  ['onAppInstallSuccess', 'appInstallSuccess', undefined, []],
  ['onAppInstallFail', 'appInstallFail', undefined, []],
  ['onAppStart', 'appStart', undefined, []],
  ['onStreamStart', 'streamStart', undefined, []],
  [
    'onStats',
    'stats',
    '{"availableSlots":1,"totalSlots":2,"waitingTime":0}',
    [{ availableSlots: 1, totalSlots: 2, waitingTime: 0 }],
  ],
  ['onAppStop', 'appStop', 'WebGL context lost', ['WebGL context lost']],
  ['onResumeSession', 'resumeSession', { canResumeSession: true }, [{ canResumeSession: true }]],
];

describe('player.on / off', () => {
  test.each(FORWARDED)('%s → %s', (frameType, event, value, args) => {
    const { player, fromFrame } = mount();
    const listener = vi.fn();
    const other = vi.fn();
    player.on(event, listener);
    player.on(event === 'appStop' ? 'appStart' : 'appStop', other);
    fromFrame({ type: frameType, value });
    expect(listener).toHaveBeenCalledOnce();
    expect(listener).toHaveBeenCalledWith(...args);
    expect(other).not.toHaveBeenCalled();
  });

  test('off and the returned function remove a listener; several listeners all run', () => {
    const { player, fromFrame } = mount();
    const a = vi.fn();
    const b = vi.fn();
    const c = vi.fn();
    player.on('appStart', a);
    const removeB = player.on('appStart', b);
    player.on('appStart', c);
    fromFrame({ type: 'onAppStart' });
    player.off('appStart', a);
    removeB();
    fromFrame({ type: 'onAppStart' });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    expect(c).toHaveBeenCalledTimes(2);
  });

  test('a listener that throws does not stop the others', () => {
    const error = spyConsole('error');
    const { player, fromFrame } = mount();
    const after = vi.fn();
    player.on('appStart', () => {
      throw new Error('boom');
    });
    player.on('appStart', after);
    fromFrame({ type: 'onAppStart' });
    expect(after).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledWith(new Error('boom'));
  });

  test('stats that are not JSON text are logged and not passed on', () => {
    const error = spyConsole('error');
    const { player, fromFrame } = mount();
    const listener = vi.fn();
    player.on('stats', listener);
    fromFrame({ type: 'onStats', value: '{not json' });
    expect(listener).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(texts.INVALID_STATS);
  });

  test('unknown message types are ignored', () => {
    const { player, fromFrame } = mount();
    const listener = vi.fn();
    player.on('sdkMessage', listener);
    fromFrame({ type: 'constructor' });
    fromFrame({ type: 'toString' });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('frame error', () => {
  test('replaces the container content with the text, never as HTML', () => {
    const { player, container, fromFrame } = mount();
    const onError = vi.fn();
    player.on('error', onError);
    const message = '<img src=x onerror="alert(1)">Stream unavailable';
    fromFrame({ type: 'error', value: message });
    expect(container.textContent).toBe(message);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(onError).toHaveBeenCalledWith(message);
  });
});

describe('old-style onX methods', () => {
  const METHODS = [
    ['onLoad', 'load'],
    ['onError', 'error'],
    ['onSDKMessage', 'sdkMessage'],
    ['onUserActive', 'userActive'],
    ['onUserInactive', 'userInactive'],
    ['onSessionStopped', 'sessionStopped'],
    ['onAppInstallProgress', 'appInstallProgress'],
    ['onAppInstallSuccess', 'appInstallSuccess'],
    ['onAppInstallFail', 'appInstallFail'],
    ['onAppStart', 'appStart'],
    ['onStreamStart', 'streamStart'],
    ['onStats', 'stats'],
    ['onAppStop', 'appStop'],
    ['onResumeSession', 'resumeSession'],
  ] as const;

  test.each(METHODS)('%s works and warns once, recommending on(%j)', (method, event) => {
    const warn = spyConsole('warn');
    const { player, fromFrame } = mount();
    const first = vi.fn();
    const second = vi.fn();
    player[method](first);
    player[method](second);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(texts.legacyListenerDeprecated(method, event));
    const row = FORWARDED.find(([, name]) => name === event);
    if (row) fromFrame({ type: row[0], value: row[2] });
    else fromFrame({ type: event, value: 'x' });
    // Like the Furioos SDK, a second call replaces the first callback.
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });

  test('an old-style callback lives alongside on() listeners', () => {
    spyConsole('warn');
    const { player, fromFrame } = mount();
    const legacy = vi.fn();
    const modern = vi.fn();
    player.onAppStop(legacy);
    player.on('appStop', modern);
    fromFrame({ type: 'onAppStop' });
    expect(legacy).toHaveBeenCalledOnce();
    expect(modern).toHaveBeenCalledOnce();
  });
});
