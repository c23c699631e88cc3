import { WorldConstants } from '@atrium/protocol';
import * as THREE from 'three';
import { describe, expect, it, vi } from 'vitest';
import { buildNavGrid } from '../../pathfinding.ts';
import type { PlayerSystem } from './player.ts';
import { NetSyncConstants } from '../../net-sync.ts';
import { createEmoteSystem } from './emotes.ts';
import { avatar, createFakeContext } from './fake-context.ts';
import { createInteractionSystem } from './interaction.ts';
import { createNetSyncSystem } from './net-sync.ts';
import { createPlayerSystem } from './player.ts';
import { createSessionSystem } from './session.ts';

const joinAnswer = (selfX = 3, others = [avatar('bob', 1, 5, 5)]) => ({
  instanceId: 'campus-1',
  self: { ...avatar('me', 0, selfX, 4), username: 'Me' },
  others,
});

describe('session system', () => {
  const setup = () => {
    const ctx = createFakeContext();
    const events = {
      onConnection: vi.fn(),
      onError: vi.fn(),
      onJoined: vi.fn(),
      location: 'plaza' as const,
    };
    return { ctx, events, session: createSessionSystem(ctx, events) };
  };

  it('joins at the asked spot and stands where the server put us, with the others', async () => {
    const { ctx, events, session } = setup();
    ctx.transport.answers.push(joinAnswer());
    await session.enter();
    expect(events.onJoined).toHaveBeenCalledTimes(1);
    expect(ctx.transport.joins).toEqual([{ world: 'campus', location: 'plaza' }]);
    expect(ctx.self).toMatchObject({ index: 0, id: 'me', joined: true });
    expect(ctx.self.body).toMatchObject({ x: 3, z: 4, path: null });
    expect(ctx.self.prevBody).toBe(ctx.self.body);
    expect([...ctx.remotes.states.keys()]).toEqual(['bob']);
  });

  it('on a reconnect joins again, drops who left meanwhile, and says the connection is back', async () => {
    const { ctx, events, session } = setup();
    ctx.transport.answers.push(joinAnswer(), joinAnswer(7, [avatar('carol', 2)]));
    await session.enter();
    ctx.transport.drop(false);
    expect(ctx.self.joined).toBe(false);
    expect(events.onConnection).toHaveBeenLastCalledWith(false);
    expect(events.onError).not.toHaveBeenCalled();
    ctx.transport.reconnect();
    await vi.waitFor(() => expect(events.onConnection).toHaveBeenLastCalledWith(true));
    expect([...ctx.remotes.states.keys()]).toEqual(['carol']);
    expect(ctx.self.body.x).toBe(7);
    expect(ctx.self.joined).toBe(true);
    // The page's voice joins again after every join of the world.
    expect(events.onJoined).toHaveBeenCalledTimes(2);
  });

  it('reports a close by the server as an error, and a refused rejoin', async () => {
    const { ctx, events, session } = setup();
    ctx.transport.answers.push(joinAnswer(), 'The world is full.');
    await session.enter();
    ctx.transport.drop(true);
    expect(events.onError).toHaveBeenCalledWith(new Error('The world closed the connection.'));
    ctx.transport.reconnect();
    await vi.waitFor(() => expect(events.onError).toHaveBeenCalledTimes(2));
    expect(events.onError).toHaveBeenLastCalledWith(new Error('The world is full.'));
  });

  it('stays silent once the world is disposed, and dispose removes its listeners', async () => {
    const { ctx, events, session } = setup();
    ctx.transport.answers.push(joinAnswer());
    const entering = session.enter();
    ctx.dispose();
    await entering;
    expect(ctx.self.joined).toBe(false);
    expect(events.onJoined).not.toHaveBeenCalled();
    ctx.transport.drop(true);
    expect(events.onConnection).not.toHaveBeenCalled();
    expect(events.onError).not.toHaveBeenCalled();
    session.dispose?.();
    expect(ctx.transport.listenerCount()).toBe(0);
  });
});

describe('net sync system', () => {
  it('sends moves only once joined, at most at the send rate', () => {
    const ctx = createFakeContext();
    const net = createNetSyncSystem(ctx);
    net.update?.(1 / 60, 0);
    expect(ctx.transport.sent).toEqual([]);
    ctx.self.joined = true;
    net.update?.(1 / 60, 10);
    expect(ctx.transport.sent).toHaveLength(1);
    expect(ctx.transport.sent[0]).toMatchObject({ event: 'world:move', payload: { anim: 'idle' } });
    ctx.self.body = { ...ctx.self.body, x: ctx.self.body.x + 1 };
    net.update?.(1 / 60, 11);
    expect(ctx.transport.sent).toHaveLength(1);
    net.update?.(1 / 60, 10 + NetSyncConstants.minIntervalMs);
    expect(ctx.transport.sent).toHaveLength(2);
  });
});

describe('emote system', () => {
  it('plays ours, sends it only when joined, and ends it when we move', () => {
    const ctx = createFakeContext();
    const emotes = createEmoteSystem(ctx);
    emotes.play('waving', 0);
    expect(ctx.self.emote?.emote).toBe('waving');
    expect(ctx.transport.sent).toEqual([]);
    ctx.self.joined = true;
    emotes.play('dance', 10);
    expect(ctx.transport.sent).toEqual([{ event: 'world:emote', payload: { emote: 'dance' } }]);
    ctx.sink.input = { ...ctx.sink.input, forward: true };
    emotes.update?.(1 / 60, 20);
    expect(ctx.self.emote).toBeNull();
  });

  it("plays others' emotes at engine time and skips the echo of our own", () => {
    const ctx = createFakeContext();
    const emotes = createEmoteSystem(ctx);
    ctx.self.id = 'me';
    ctx.transport.serve('world:emoted', { id: 'me', emote: 'waving' });
    ctx.transport.serve('world:emoted', { id: 'bob', emote: 'clapping' });
    expect(ctx.remotes.emotes).toEqual([{ id: 'bob', emote: 'clapping', engineMs: 500 }]);
    emotes.dispose?.();
    expect(ctx.transport.listenerCount()).toBe(0);
  });
});

describe('interaction system', () => {
  const inReach = (ctx: ReturnType<typeof createFakeContext>, id: string, kind: string) => {
    const { x, z } = ctx.self.body;
    // Straight ahead of the avatar (it faces +z at ry 0), one metre away.
    return {
      id,
      kind,
      x: x + Math.sin(ctx.self.body.ry),
      z: z + Math.cos(ctx.self.body.ry),
      radius: 0.5,
    };
  };

  it('uses the target in reach through the system that added it, and prompts once per change', () => {
    const ctx = createFakeContext();
    const onPrompt = vi.fn();
    const interaction = createInteractionSystem(ctx, onPrompt);
    const door = vi.fn();
    const remove = interaction.addTargets([inReach(ctx, 'door:1', 'door')], door);
    interaction.update?.(1 / 60, 0);
    interaction.update?.(1 / 60, 16);
    expect(onPrompt).toHaveBeenCalledTimes(1);
    interaction.interact(null);
    expect(door).toHaveBeenCalledWith(expect.objectContaining({ id: 'door:1' }));
    remove();
    interaction.update?.(1 / 60, 32);
    expect(onPrompt).toHaveBeenLastCalledWith(null);
  });

  it('falls back to pointer actions only for a click with nothing in reach', () => {
    const ctx = createFakeContext();
    const interaction = createInteractionSystem(ctx, () => {});
    const first = vi.fn(() => true);
    const second = vi.fn(() => true);
    interaction.addPointerAction(first);
    interaction.addPointerAction(second);
    interaction.interact(null);
    expect(first).not.toHaveBeenCalled();
    interaction.interact({ x: 10, y: 20 });
    expect(first).toHaveBeenCalledWith({ x: 10, y: 20 });
    expect(second).not.toHaveBeenCalled();
  });
});

describe('player system', () => {
  const playerOn = () => {
    const ctx = createFakeContext();
    const player = createPlayerSystem(
      ctx,
      {
        grid: buildNavGrid(ctx.layout, WorldConstants.avatarRadius),
        ground: new THREE.Object3D(),
      },
      { interact: () => {}, emote: () => {} },
    );
    return { ctx, player };
  };
  const walk = (ctx: ReturnType<typeof createFakeContext>, player: PlayerSystem, s: number) => {
    for (let t = 0; t < s * 60; t++) player.update?.(1 / 60, t * 16);
    return ctx.self.body;
  };

  it('walks on to where it was going from where the server snapped it back, a few times at most', () => {
    const { ctx, player } = playerOn();
    const start = { ...ctx.self.body };
    const goal = { x: start.x + 6, z: start.z };
    expect(player.walkToPoint(goal)).toBe(true);
    const before = walk(ctx, player, 0.5);
    expect(before.path).not.toBeNull();
    // A loaded machine delivered two moves together: the server puts us back at the start.
    ctx.transport.serve('world:correction', { ...avatar('me', 0, start.x, start.z) });
    expect(ctx.self.body).toMatchObject({ x: start.x, z: start.z });
    expect(ctx.self.body.path?.at(-1)).toBeDefined();
    const arrived = walk(ctx, player, 10);
    expect(Math.hypot(arrived.x - goal.x, arrived.z - goal.z)).toBeLessThan(0.6);
    expect(arrived.path).toBeNull();

    // A way the server keeps refusing ends the walk after a few snap-backs.
    expect(player.walkToPoint(start)).toBe(true);
    const at = { ...ctx.self.body };
    for (let i = 0; i < 6; i++) {
      walk(ctx, player, 0.2);
      ctx.transport.serve('world:correction', { ...avatar('me', 0, at.x, at.z) });
    }
    expect(ctx.self.body.path).toBeNull();
    player.dispose?.();
  });
});
