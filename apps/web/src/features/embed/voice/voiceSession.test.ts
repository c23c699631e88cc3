// @vitest-environment happy-dom
import { CAMPUS_LAYOUT, type AckResult } from '@atrium/protocol';
import type { AvatarPose, WorldVoiceView } from '@atrium/world/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeOpen, type FakeSocket } from '../../../shared/realtime/fakeSocket.ts';
import type { AppSocket } from '../../../shared/realtime/socketClient.ts';
import type { SpatialAudio } from './spatialAudio.ts';
import { startVoiceSession, type VoiceSession } from './voiceSession.ts';

/** The world's voice view with hands on it: joins, frames, where we stand, the rings shown. */
function fakeWorld() {
  const joined = new Set<() => void>();
  const frames = new Set<() => void>();
  const rings = new Map<string, boolean>();
  let self: (AvatarPose & { id: string }) | null = null;
  const view: WorldVoiceView = {
    areas: CAMPUS_LAYOUT.voiceAreas ?? [],
    onJoined: (fn) => (joined.add(fn), () => void joined.delete(fn)),
    onFrame: (fn) => (frames.add(fn), () => void frames.delete(fn)),
    self: () => self,
    avatar: (id) => (id === 'ann' ? { x: 1, y: 0, z: 1, ry: 0 } : null),
    name: (id) => (id === 'ann' ? 'ann' : null),
    setSpeaking: (id, on) => void rings.set(id, on),
  };
  return {
    view,
    rings,
    join: () => joined.forEach((fn) => fn()),
    frame: () => frames.forEach((fn) => fn()),
    standAt: (x: number, z: number) => {
      self = { id: 'me', x, y: 0, z, ry: 0 };
    },
    handlers: () => joined.size + frames.size,
  };
}

function fakeAudio(): SpatialAudio & { placed: number } {
  let running = false;
  const listeners = new Set<() => void>();
  return {
    placed: 0,
    setVoices: vi.fn(),
    setBroadcasts: vi.fn(),
    place() {
      this.placed += 1;
    },
    running: () => running,
    onRunningChange: (fn) => (listeners.add(fn), () => void listeners.delete(fn)),
    resume: vi.fn(() => {
      running = true;
      listeners.forEach((fn) => fn());
    }),
    dispose: vi.fn(),
  };
}

let session: VoiceSession | null = null;
afterEach(() => {
  session?.dispose();
  session = null;
});

function setup() {
  const world = fakeWorld();
  const audio = fakeAudio();
  const { open, sockets } = createFakeOpen();
  const socket = open('http://campus.test/', {});
  const fake = sockets[0] as FakeSocket;
  fake.fire('connect');
  fake.answers.push(
    ...Array.from({ length: 4 }, (): AckResult<unknown> => ({
      status: true,
      data: { mode: 'sfu', canSpeak: true, moderator: false, muted: false, iceServers: [] },
    })),
  );
  const connect = vi.fn(async (): Promise<AppSocket> => socket);
  session = startVoiceSession({ world: world.view, getToken: () => 't', connect, audio });
  return { world, audio, fake, connect, session };
}

describe('the voice session', () => {
  it('joins the voice after every join of the world, over one hold on the app socket', async () => {
    const { world, fake, connect, session } = setup();
    expect(connect).not.toHaveBeenCalled();
    world.join();
    await vi.waitFor(() => expect(session.store.get().voice.mode).toBe('sfu'));
    world.join();
    await vi.waitFor(() =>
      expect(fake.sent.filter((s) => s.event === 'voice:join')).toHaveLength(2),
    );
    expect(connect).toHaveBeenCalledTimes(1);
    expect(window.__atriumVoice?.debug.mode()).toBe('sfu');
    expect(window.__atriumVoice?.debug.micOn()).toBe(false);
    expect(window.__atriumVoice?.debug.streams()).toEqual([]);
  });

  it('follows the avatar each frame: the audio’s listener and the area it stands in', () => {
    const { world, audio, session } = setup();
    world.frame();
    expect(audio.placed).toBe(0);
    world.standAt(0, 18);
    world.frame();
    expect(audio.placed).toBe(1);
    expect(session.store.get().area?.kind).toBe('stage');
    world.standAt(-10, 4);
    world.frame();
    expect(session.store.get().area?.label).toBe('Table');
    world.standAt(30, 30);
    world.frame();
    expect(session.store.get().area).toBeNull();
  });

  it('starts the sound on the first click anywhere in the frame', () => {
    const { audio, session } = setup();
    expect(session.store.get().audioRunning).toBe(false);
    window.dispatchEvent(new Event('pointerdown'));
    expect(audio.resume).toHaveBeenCalledTimes(1);
    expect(session.store.get().audioRunning).toBe(true);
    window.dispatchEvent(new Event('pointerdown'));
    expect(audio.resume).toHaveBeenCalledTimes(1);
  });

  it('rings the avatars the server says are talking, and lets go of everything on dispose', async () => {
    const { world, fake, audio, session: s } = setup();
    world.join();
    await vi.waitFor(() => expect(s.store.get().voice.mode).toBe('sfu'));
    fake.fire('voice:speaking', { id: 'ann', speaking: true });
    expect(world.rings.get('ann')).toBe(true);
    s.dispose();
    session = null;
    expect(fake.sent.at(-1)?.event).toBe('voice:leave');
    expect(world.rings.get('ann')).toBe(false);
    expect(audio.dispose).toHaveBeenCalled();
    expect(world.handlers()).toBe(0);
    expect(window.__atriumVoice).toBeUndefined();
    expect(fake.closed).toBe(true);
  });

  it('keeps who this teacher muted, once the server agreed, and tells names from the world', async () => {
    const { world, fake, session: s } = setup();
    world.join();
    await vi.waitFor(() => expect(s.store.get().voice.mode).toBe('sfu'));
    fake.answers.splice(0);
    fake.answers.push({ status: true, data: {} });
    await s.mute('ann', true);
    expect(fake.sent.at(-1)).toMatchObject({
      event: 'voice:mute',
      payload: { id: 'ann', muted: true },
    });
    expect(s.store.get().mutedHere).toEqual(['ann']);
    fake.answers.push({ status: false, message: 'Only teachers and admins can do this.' });
    await expect(s.mute('ann', false)).rejects.toThrow();
    expect(s.store.get().mutedHere).toEqual(['ann']);
    fake.answers.push({ status: true, data: {} });
    await s.mute('ann', false);
    expect(s.store.get().mutedHere).toEqual([]);
    expect(s.nameOf('ann')).toBe('ann');
    expect(s.nameOf('gone')).toBeNull();
  });
});
