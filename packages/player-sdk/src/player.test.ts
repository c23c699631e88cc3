// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Player } from './player.ts';
import { SDK_VERSION } from './version.ts';
import { BAD_PARAMETERS, CONTAINER_NOT_FOUND, FRAME_TITLE } from './texts.ts';
import { addContainer, mountPlayer, PORTAL, stubFrameWindows } from './test-support.ts';

let players: Player[] = [];
const track = <T extends { player: Player }>(mounted: T): T => {
  players.push(mounted.player);
  return mounted;
};

beforeEach(() => {
  stubFrameWindows();
});

afterEach(() => {
  for (const player of players) player.destroy();
  players = [];
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('constructor', () => {
  test.each([
    [undefined, 'player'],
    ['', 'player'],
    [42, 'player'],
    ['campus', undefined],
    ['campus', ''],
    ['campus', {}],
    ['?only=query', 'player'],
  ])('shareId %j, containerId %j → Bad parameters', (shareId, containerId) => {
    addContainer();
    expect(() => new Player(shareId as string, containerId as string)).toThrow(
      new Error(BAD_PARAMETERS),
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  test('a missing container → Cannot find the container', () => {
    expect(() => new Player('campus', 'nowhere')).toThrow(new Error(CONTAINER_NOT_FOUND));
  });

  test('a non-http overridedURL or a bad timeout → Bad parameters', () => {
    addContainer();
    expect(() => new Player('campus', 'player', { overridedURL: 'ftp://x.example' })).toThrow(
      new Error(BAD_PARAMETERS),
    );
    expect(
      () => new Player('campus', 'player', { inactiveTimeout: '1' as unknown as number }),
    ).toThrow(new Error(BAD_PARAMETERS));
  });

  test('one full-size borderless frame with autoplay and fullscreen, in the container', () => {
    const { container, iframe } = track(mountPlayer());
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    expect(iframe.parentElement).toBe(container);
    expect(iframe.getAttribute('src')).toBe(`${PORTAL}/embed/campus`);
    expect(iframe.getAttribute('allow')).toBe('autoplay; fullscreen');
    expect(iframe.hasAttribute('allowfullscreen')).toBe(true);
    expect(iframe.getAttribute('title')).toBe(FRAME_TITLE);
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.height).toBe('100%');
    expect(iframe.style.borderWidth || iframe.style.border).toMatch(/^0(px)?/);
  });

  test('options become the query of the embed address; the id loses its own query', () => {
    addContainer();
    const player = new Player('campus?hideTitle=false', 'player', {
      overridedURL: `${PORTAL}/`,
      whiteLabel: true,
      hideToolbar: true,
      hideTitle: true,
      hidePlayButton: true,
      inactiveTimeout: 5_000,
    });
    players.push(player);
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
      `${PORTAL}/embed/campus?whiteLabel=true&hideToolbar=true&hideTitle=true&hidePlayButton=true&inactiveTimeout=10`,
    );
  });

  test('without overridedURL the base is the origin that served the SDK (here, the page)', () => {
    addContainer();
    players.push(new Player('campus', 'player'));
    expect(location.origin).toBe('http://localhost:3000');
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
      'http://localhost:3000/embed/campus',
    );
  });

  test('static values', () => {
    expect(Player.qualityValues).toEqual({ AUTO: 0, LOW: 360, MEDIUM: 720, HIGH: 1080 });
    expect(Player.regions).toEqual({
      EUW: [52.1326, 5.2913],
      USW: [47.751076, -120.740135],
      USE: [37.926868, -78.024902],
      AUE: [-33.865143, 151.2099],
    });
  });

  test('initial state', () => {
    const { player } = track(mountPlayer());
    expect(player.loaded).toBe(false);
    expect(player.quality).toBe(1080);
    expect(player.volume).toBe(1);
    expect(player.location).toBeUndefined();
    expect(player.isRestartStream).toBe(false);
    expect(player.canResumeSession).toBe(false);
    expect(player.debugAppMode).toBe(false);
  });
});

describe('load', () => {
  test('sets loaded, sends the default location then the version, then calls listeners', () => {
    const { player, load, sent } = track(mountPlayer());
    const onLoad = vi.fn(() => expect(sent()).toHaveLength(2));
    player.on('load', onLoad);
    player.setDefaultLocation(Player.regions.USE);
    expect(sent()).toEqual([]);
    load();
    expect(player.loaded).toBe(true);
    expect(player.location).toEqual(Player.regions.USE);
    expect(sent()).toEqual([
      { type: 'setLocation', value: [37.926868, -78.024902] },
      { type: 'version', value: SDK_VERSION },
    ]);
    expect(onLoad).toHaveBeenCalledOnce();
  });

  test('without a default location only the version is sent', () => {
    const { load, sent } = track(mountPlayer());
    load();
    expect(sent()).toEqual([{ type: 'version', value: SDK_VERSION }]);
  });

  test('when the frame window is not reachable yet, the location is sent again after 100 ms', () => {
    vi.useFakeTimers();
    const { player, iframe, frameWindow, load, sent } = track(mountPlayer());
    player.setDefaultLocation(Player.regions.EUW);
    // The first read is the source check of the load message; the next two find no window yet.
    vi.spyOn(iframe, 'contentWindow', 'get')
      .mockReturnValueOnce(frameWindow)
      .mockReturnValueOnce(null)
      .mockReturnValueOnce(null)
      .mockReturnValue(frameWindow);
    load();
    expect(player.loaded).toBe(true);
    expect(sent()).toEqual([]);
    vi.advanceTimersByTime(99);
    expect(sent()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent()).toEqual([
      { type: 'setLocation', value: [52.1326, 5.2913] },
      { type: 'version', value: SDK_VERSION },
    ]);
  });
});

describe('security', () => {
  test('a message from another origin is ignored', () => {
    const { player, fromFrame, sent } = track(mountPlayer());
    fromFrame({ type: 'load' }, { origin: 'https://evil.example' });
    fromFrame({ type: 'load' }, { origin: 'http://campus.example.org' });
    expect(player.loaded).toBe(false);
    expect(sent()).toEqual([]);
  });

  test('a message from another window is ignored, even with the right origin', () => {
    const { player, fromFrame } = track(mountPlayer());
    fromFrame({ type: 'load' }, { source: window });
    fromFrame({ type: 'load' }, { source: null });
    expect(player.loaded).toBe(false);
  });

  test('another player’s frame cannot drive this one', () => {
    const first = track(mountPlayer());
    const other = document.createElement('iframe');
    document.body.append(other);
    first.fromFrame({ type: 'load' }, { source: other.contentWindow });
    expect(first.player.loaded).toBe(false);
  });

  test('data that is not a {type} envelope is ignored', () => {
    const { player, fromFrame } = track(mountPlayer());
    for (const data of [null, 'load', 42, { value: 1 }, { type: 7 }, ['load']]) fromFrame(data);
    expect(player.loaded).toBe(false);
    fromFrame({ type: 'load' });
    expect(player.loaded).toBe(true);
  });

  test('destroy removes the frame and stops listening', () => {
    const { player, container, fromFrame, iframe, frameWindow } = track(mountPlayer());
    const onLoad = vi.fn();
    player.on('load', onLoad);
    player.destroy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(iframe.isConnected).toBe(false);
    fromFrame({ type: 'load' }, { source: frameWindow });
    expect(onLoad).not.toHaveBeenCalled();
    expect(player.loaded).toBe(false);
  });
});
