import { describe, expect, it, vi } from 'vitest';
import { avatar, createFakeContext } from './fake-context.ts';
import { createVoiceSystem } from './voice.ts';

const frame = (alpha: number) => ({
  nowMs: 0,
  ambientSeconds: 0,
  dtSeconds: 0.016,
  engineMs: 0,
  alpha,
});

describe('voice system', () => {
  it('gives the page the areas, our drawn pose once joined, and the others as drawn', () => {
    const ctx = createFakeContext();
    const voice = createVoiceSystem(ctx);
    expect(voice.view.areas.map((a) => a.kind)).toEqual(['stage', 'private', 'quiet']);
    expect(voice.view.self()).toBeNull();
    ctx.self.id = 'me';
    ctx.self.state = avatar('me', 0, 0, 0);
    ctx.self.prevBody = { ...ctx.self.body, x: 0, z: 0, ry: 1 };
    ctx.self.body = { ...ctx.self.body, x: 2, z: 4, ry: 1 };
    voice.draw?.(frame(0.5));
    expect(voice.view.self()).toMatchObject({ id: 'me', x: 1, z: 2, ry: 1 });
    ctx.remotes.add(avatar('ann', 1, 5, 6), 0);
    expect(voice.view.avatar('ann')).toMatchObject({ x: 5, z: 6 });
    expect(voice.view.avatar('nobody')).toBeNull();
  });

  it('rings our own avatar or someone else’s', () => {
    const ctx = createFakeContext();
    const voice = createVoiceSystem(ctx);
    ctx.self.id = 'me';
    ctx.self.state = avatar('me', 0, 0, 0);
    voice.view.setSpeaking('me', true);
    voice.view.setSpeaking('ann', true);
    expect(ctx.self.speaking).toBe(true);
    expect([...ctx.remotes.speaking]).toEqual(['ann']);
    voice.view.setSpeaking('me', false);
    voice.view.setSpeaking('ann', false);
    expect(ctx.self.speaking).toBe(false);
    expect(ctx.remotes.speaking.size).toBe(0);
  });

  it('tells of each join, runs frame handlers per frame, and lets a failing one go', () => {
    const ctx = createFakeContext();
    const voice = createVoiceSystem(ctx);
    const joined = vi.fn();
    const stop = voice.view.onJoined(joined);
    voice.joined();
    voice.joined();
    stop();
    voice.joined();
    expect(joined).toHaveBeenCalledTimes(2);

    const good = vi.fn();
    const bad = vi.fn(() => {
      throw new Error('boom');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    voice.view.onFrame(bad);
    voice.view.onFrame(good);
    voice.draw?.(frame(0));
    voice.draw?.(frame(0));
    expect(good).toHaveBeenCalledTimes(2);
    expect(bad).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledTimes(1);
    voice.dispose?.();
    voice.draw?.(frame(0));
    expect(good).toHaveBeenCalledTimes(2);
  });
});
