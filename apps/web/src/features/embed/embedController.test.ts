import type { PublicShare, WorldToHost } from '@atrium/protocol';
import { FrameCommand, FrameEvent } from '@atrium/player-sdk/messages';
import type { WorldHandle } from '@atrium/world/render';
import { describe, expect, it, vi } from 'vitest';
import { EmbedController, type EmbedDeps } from './embedController.ts';
import { DEFAULT_DEBUG_BRIDGE, parseDebugBridge, parseEmbedFlags } from './embedFlags.ts';
import type { EmbedWorldOptions } from './embedTypes.ts';
import { GuestDeclinedError, type FrameSession } from './frameSession.ts';
import type { HostChannel } from './hostChannel.ts';
import { EmbedText } from './texts.ts';

const share: PublicShare = {
  id: 'campus',
  world: 'campus',
  title: 'Campus',
  allowed_origins: [],
  default_quality: 720,
  default_location: 'plaza',
};
const SELF = 'https://atrium.example';

/** A fake timer queue, so inactivity can be driven without waiting. */
function timers() {
  let next = 1;
  const pending = new Map<number, { fn: () => void; ms: number }>();
  return {
    setTimeout: (fn: () => void, ms: number) => {
      pending.set(next, { fn, ms });
      return next++;
    },
    clearTimeout: (h: unknown) => void pending.delete(h as number),
    /** Runs every timer of exactly `ms`. */
    fire(ms: number) {
      for (const [id, t] of [...pending]) {
        if (t.ms !== ms) continue;
        pending.delete(id);
        t.fn();
      }
    },
  };
}

function setup(overrides: Partial<EmbedDeps> = {}) {
  const posted: { type: string; value?: unknown }[] = [];
  let handler: ((m: { type: string; value?: unknown }, origin: string) => void) | null = null;
  const host: HostChannel = {
    connected: true,
    origin: SELF,
    post: (type, value) => posted.push(value === undefined ? { type } : { type, value }),
    listen: (h) => {
      handler = h;
      return () => {
        handler = null;
      };
    },
  };
  let token = 'own-token';
  const session: FrameSession = {
    setHostToken: (t) => {
      token = t;
    },
    ensureToken: () => Promise.resolve(token),
    currentToken: () => token,
    dispose: () => {},
  };
  const world = {
    position: vi.fn(() => ({ x: '1.00', y: '0.00', z: '-2.50' })),
    nearestLocation: vi.fn(() => 'gallery' as const),
    capture: vi.fn(() => 'data:image/png;base64,AAAA'),
    setAudio: vi.fn(),
    setVolume: vi.fn(),
    setQuality: vi.fn(),
    interact: vi.fn(),
    perform: vi.fn(),
    applyInput: vi.fn(),
    dispose: vi.fn(),
    voice: {
      areas: [],
      onJoined: () => () => {},
      onFrame: () => () => {},
      self: () => null,
      avatar: () => null,
      name: () => null,
      setSpeaking: () => {},
    },
  } satisfies WorldHandle;
  let options: EmbedWorldOptions | null = null;
  const startWorld = vi.fn((_canvas: HTMLCanvasElement, o: EmbedWorldOptions) => {
    options = o;
    return Promise.resolve(world);
  });
  const clock = timers();
  const savePhoto = vi.fn(() => Promise.resolve());
  const controller = new EmbedController({
    share,
    flags: parseEmbedFlags('?inactiveTimeout=60'),
    host,
    session,
    startWorld,
    savePhoto,
    selfOrigin: SELF,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    ...overrides,
  });
  controller.attach({} as HTMLCanvasElement);
  const send = (type: string, value?: unknown, origin = SELF) => handler?.({ type, value }, origin);
  const opts = () => {
    if (!options) throw new Error('the world was not started');
    return options;
  };
  const sdkMessages = () =>
    posted
      .filter((m) => m.type === FrameEvent.onSDKMessage)
      .map((m) => JSON.parse(m.value as string) as WorldToHost);
  return { controller, posted, send, world, startWorld, opts, clock, savePhoto, sdkMessages };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the embed frame session', () => {
  it('announces load, then starts on the host’s start command and reports progress', async () => {
    const t = setup();
    t.controller.announceLoad();
    expect(t.posted).toEqual([{ type: FrameEvent.load }]);
    t.send(FrameCommand.start);
    await settle();
    expect(t.startWorld).toHaveBeenCalledTimes(1);
    expect(t.opts().location).toBe('plaza');
    expect(t.controller.getState().phase).toBe('starting');
    t.opts().onProgress?.(40);
    expect(t.controller.getState().progress).toBe(40);
    t.opts().onProgress?.(100);
    expect(t.controller.getState().phase).toBe('running');
    const types = t.posted.map((m) => m.type);
    expect(types).toEqual([
      FrameEvent.load,
      FrameEvent.onResumeSession,
      FrameEvent.onAppInstallProgress,
      FrameEvent.onAppInstallProgress,
      FrameEvent.onAppInstallProgress,
      FrameEvent.onAppInstallSuccess,
      FrameEvent.onAppStart,
      FrameEvent.onStreamStart,
    ]);
    expect(t.world.setQuality).toHaveBeenCalledWith(720);
  });

  it('ignores a second start while one runs (double-start guard)', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    t.send(FrameCommand.start);
    await settle();
    t.send(FrameCommand.start);
    expect(t.startWorld).toHaveBeenCalledTimes(1);
  });

  it('uses a location from setLocation or start, and ignores region coordinates', async () => {
    const t = setup();
    t.send(FrameCommand.setLocation, [52.1, 5.2]);
    t.send(FrameCommand.setLocation, 'classroom');
    t.send(FrameCommand.start, 'nowhere');
    await settle();
    expect(t.opts().location).toBe('classroom');
  });

  it('ends the session after the inactivity timeout, and can resume it', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    await settle();
    t.opts().onProgress?.(100);
    t.clock.fire(60_000);
    expect(t.controller.getState()).toMatchObject({ phase: 'stopped', stopReason: 'inactive' });
    expect(t.world.dispose).toHaveBeenCalled();
    expect(t.posted.slice(-3)).toEqual([
      { type: FrameEvent.onUserInactive },
      { type: FrameEvent.onResumeSession, value: { canResumeSession: true } },
      { type: FrameEvent.onSessionStopped },
    ]);
    t.send(FrameCommand.resumeSession);
    await settle();
    expect(t.startWorld).toHaveBeenCalledTimes(2);
  });

  it('keeps the session while the visitor is active', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    await settle();
    t.opts().onProgress?.(100);
    t.controller.activity();
    t.send(FrameCommand.sendSDKMessage, JSON.stringify({ userActive: true }));
    expect(t.controller.getState().phase).toBe('running');
  });

  it('does not resume a session the host stopped', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    await settle();
    t.opts().onProgress?.(100);
    t.send(FrameCommand.stop);
    expect(t.controller.getState()).toMatchObject({ phase: 'stopped', stopReason: 'host' });
    expect(t.posted.at(-2)).toEqual({
      type: FrameEvent.onResumeSession,
      value: { canResumeSession: false },
    });
    t.send(FrameCommand.resumeSession);
    await settle();
    expect(t.startWorld).toHaveBeenCalledTimes(1);
  });

  it('reports a crash as app stop and session stopped', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    await settle();
    t.opts().onProgress?.(100);
    t.opts().onError?.(new Error('socket gone'));
    expect(t.controller.getState()).toMatchObject({ phase: 'stopped', stopReason: 'crash' });
    expect(t.posted.map((m) => m.type)).toContain(FrameEvent.onAppStop);
    expect(t.posted.at(-1)).toEqual({ type: FrameEvent.onSessionStopped });
  });

  it('reports a failed start as install fail, with the spec’s text', async () => {
    const t = setup({ startWorld: () => Promise.reject(new Error('no WebGL')) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    t.send(FrameCommand.start);
    await settle();
    expect(t.controller.getState()).toMatchObject({
      phase: 'failed',
      error: EmbedText.startFailed,
    });
    expect(t.posted.at(-1)).toEqual({ type: FrameEvent.onAppInstallFail });
  });

  it('goes back to Play, without an error, when the visitor declines the guest warning', async () => {
    const session: FrameSession = {
      setHostToken: () => {},
      ensureToken: () => Promise.reject(new GuestDeclinedError()),
      currentToken: () => '',
      dispose: () => {},
    };
    const t = setup({ session });
    t.send(FrameCommand.start);
    await settle();
    expect(t.startWorld).not.toHaveBeenCalled();
    expect(t.controller.getState()).toMatchObject({ phase: 'idle', error: null });
    // Play works again: the next start asks again.
    t.send(FrameCommand.start);
    await settle();
    expect(t.controller.getState().phase).toBe('idle');
  });

  it('answers request_position, with zeros when no world runs', async () => {
    const t = setup();
    t.send(FrameCommand.sendSDKMessage, JSON.stringify({ type: 'request_position' }));
    expect(t.sdkMessages().at(-1)).toEqual({
      type: 'request_position_respons',
      position: { x: '0', y: '0', z: '0' },
    });
    t.send(FrameCommand.start);
    await settle();
    t.send(FrameCommand.sendSDKMessage, JSON.stringify({ type: 'request_position' }));
    expect(t.sdkMessages().at(-1)).toEqual({
      type: 'request_position_respons',
      position: { x: '1.00', y: '0.00', z: '-2.50' },
    });
  });

  it('applies audio, volume, quality and accepted actions from the host', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    await settle();
    t.send(FrameCommand.sendSDKMessage, JSON.stringify({ type: 'stop_metaverse_audio' }));
    expect(t.world.setAudio).toHaveBeenLastCalledWith(false);
    t.send(FrameCommand.sendSDKMessage, JSON.stringify({ type: 'play_metaverse_audio' }));
    expect(t.world.setAudio).toHaveBeenLastCalledWith(true);
    t.send(FrameCommand.setVolume, 0.25);
    t.send(FrameCommand.setVolume, 'loud');
    expect(t.world.setVolume).toHaveBeenLastCalledWith(0.25);
    t.send(FrameCommand.quality, 2);
    t.send(FrameCommand.quality, 999);
    expect(t.world.setQuality).toHaveBeenLastCalledWith(720);
    t.send(
      FrameCommand.sendSDKMessage,
      JSON.stringify({
        type: 'user_action_yes',
        action: 'dance',
        position: { x: '0', y: '0', z: '0' },
      }),
    );
    expect(t.world.perform).toHaveBeenCalledWith('dance');
  });

  it('plays the emote the host’s emote button asks for', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    await settle();
    t.send(FrameCommand.sendSDKMessage, JSON.stringify({ type: 'emote', emote: 'waving' }));
    t.send(FrameCommand.sendSDKMessage, JSON.stringify({ type: 'emote', emote: 'moonwalk' }));
    expect(t.world.perform).toHaveBeenCalledTimes(1);
    expect(t.world.perform).toHaveBeenCalledWith('waving');
  });

  it('takes the host’s token only from its own origin', async () => {
    const t = setup();
    t.send(
      FrameCommand.sendSDKMessage,
      JSON.stringify({ type: 'session', token: 'stolen' }),
      'https://evil.example',
    );
    t.send(FrameCommand.start);
    await settle();
    expect(t.opts().getToken()).toBe('own-token');
    t.send(FrameCommand.sendSDKMessage, JSON.stringify({ type: 'session', token: 'host-token' }));
    expect(t.opts().getToken()).toBe('host-token');
  });

  it('drops malformed SDK messages without changing anything', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    await settle();
    const before = t.posted.length;
    for (const junk of ['{', '42', JSON.stringify({ type: 'nope' }), 17, null]) {
      t.send(FrameCommand.sendSDKMessage, junk);
    }
    t.send('unknownCommand', 1);
    expect(t.posted.length).toBe(before);
  });

  it('saves a photo with the world and spot as the place, and tells the host', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    await settle();
    t.opts().onProgress?.(100);
    t.send(FrameCommand.sendSDKMessage, JSON.stringify({ type: 'take_screenshot' }));
    await settle();
    expect(t.savePhoto).toHaveBeenCalledWith(
      'data:image/png;base64,AAAA',
      'campus:gallery',
      'own-token',
    );
    expect(t.sdkMessages().at(-1)).toEqual({
      type: 'screenshot_saved',
      place_id: 'campus:gallery',
    });
    expect(t.controller.getState().notice).toBe(EmbedText.photoSaved);
  });

  it('tells the host when a photo cannot be saved', async () => {
    const t = setup({ savePhoto: () => Promise.reject(new Error('Guests have no photo album.')) });
    t.send(FrameCommand.start);
    await settle();
    t.opts().onProgress?.(100);
    await t.controller.takePhoto();
    expect(t.sdkMessages().at(-1)).toEqual({
      type: 'screenshot_failed',
      message: 'Guests have no photo album.',
    });
  });

  it('passes world messages to the host as SDK messages', async () => {
    const t = setup();
    t.send(FrameCommand.start);
    await settle();
    t.opts().onBridge?.({ type: 'poster_open', id: 3 });
    expect(t.sdkMessages().at(-1)).toEqual({ type: 'poster_open', id: 3 });
  });
});

describe('stream slots and server questions', () => {
  it('takes a slot on start, gives it back on stop, and fails with the server’s words', async () => {
    const reclaimed: string[] = [];
    const slots = {
      take: vi.fn(() => Promise.resolve({ uniqueId: 'u-1', playerId: 3 })),
      reclaim: (id: string) => void reclaimed.push(id),
    };
    const t = setup({ slots });
    t.send(FrameCommand.start);
    await settle();
    expect(slots.take).toHaveBeenCalledWith('own-token');
    t.opts().onProgress?.(100);
    t.send(FrameCommand.stop);
    expect(reclaimed).toEqual(['u-1']);

    const full = setup({
      slots: {
        take: () => Promise.reject(new Error('No free stream slot. Please try again shortly.')),
        reclaim: () => {},
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    full.send(FrameCommand.start);
    await settle();
    expect(full.startWorld).not.toHaveBeenCalled();
    expect(full.controller.getState()).toMatchObject({
      phase: 'failed',
      error: 'No free stream slot. Please try again shortly.',
    });
  });

  it('answers getServerAvailability and getServerMetadata, or with the error', async () => {
    const stats = { availableSlots: 4, totalSlots: 5, waitingTime: 0 };
    const metadata = { version: '0.1.0', region: 'EUW', publicUrl: SELF };
    const t = setup({
      serverInfo: {
        availability: () => Promise.resolve(stats),
        metadata: () => Promise.resolve(metadata),
      },
    });
    t.send(FrameCommand.getServerAvailability);
    t.send(FrameCommand.getServerMetadata);
    await settle();
    expect(t.posted).toContainEqual({ type: FrameEvent.getServerAvailability, value: { stats } });
    expect(t.posted).toContainEqual({ type: FrameEvent.getServerMetadata, value: { metadata } });

    const down = setup({
      serverInfo: {
        availability: () => Promise.reject(new Error('offline')),
        metadata: () => Promise.reject(new Error('offline')),
      },
    });
    down.send(FrameCommand.getServerAvailability);
    await settle();
    expect(down.posted).toContainEqual({
      type: FrameEvent.getServerAvailability,
      value: { error: 'offline' },
    });
  });
});

describe('embed flags', () => {
  it('reads the SDK flags and clamps the inactivity timeout', () => {
    expect(parseEmbedFlags('?whiteLabel=true&hideToolbar=true&inactiveTimeout=5')).toMatchObject({
      whiteLabel: true,
      hideToolbar: true,
      hideTitle: false,
      hidePlayButton: false,
      inactiveTimeoutMs: 10_000,
    });
    expect(parseEmbedFlags('?inactiveTimeout=99999999').inactiveTimeoutMs).toBe(86_400_000);
    expect(parseEmbedFlags('?inactiveTimeout=abc').inactiveTimeoutMs).toBe(15 * 60_000);
    expect(parseEmbedFlags('?hideTitle=1').hideTitle).toBe(false);
  });
});

describe('the debug bridge address', () => {
  it('defaults to the SDK debug port on this machine, and refuses other machines', () => {
    expect(parseDebugBridge(null)).toBeNull();
    expect(parseDebugBridge('1')).toBe(DEFAULT_DEBUG_BRIDGE);
    expect(parseDebugBridge('ws://localhost:9000/world')).toBe('ws://localhost:9000/world');
    expect(parseDebugBridge('ws://evil.example:8081/world')).toBeNull();
    expect(parseDebugBridge('wss://127.0.0.1:8081/world')).toBeNull();
    expect(parseDebugBridge('javascript:alert(1)')).toBeNull();
  });

  it('passes bridge messages to the world, but never a session token', async () => {
    const t = setup();
    const out: string[] = [];
    t.controller.setDebugOutput((text) => out.push(text));
    t.send(FrameCommand.start);
    await settle();
    t.controller.receiveDebugMessage({ type: 'session', token: 'from-the-bridge' });
    expect(t.opts().getToken()).toBe('own-token');
    t.controller.receiveDebugMessage(JSON.stringify({ type: 'request_position' }));
    expect(JSON.parse(out.at(-1) ?? '{}')).toMatchObject({ type: 'request_position_respons' });
  });
});
