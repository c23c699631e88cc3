import { ClassroomFurniture } from '@atrium/protocol';
import * as THREE from 'three';
import { describe, expect, it, vi } from 'vitest';
import { PROMPT_TEXTS } from '../../interaction.ts';
import { createClassroomSystem } from './classroom.ts';
import { createFakeContext } from './fake-context.ts';
import { createInteractionSystem } from './interaction.ts';

/** A fake context, its interaction and classroom systems, and a way to stand somewhere. */
const setUp = () => {
  // The pointer pick answers what a test sets here.
  let hit: THREE.Intersection | undefined;
  const ctx = { ...createFakeContext(), pick: () => hit };
  const onPrompt = vi.fn();
  const interaction = createInteractionSystem(ctx, onPrompt);
  const classroom = createClassroomSystem(ctx, interaction);
  const standAt = (x: number, z: number, ry = 0) => {
    ctx.self.body = { ...ctx.self.body, x, z, ry };
    classroom.update?.(1 / 60, 0);
    interaction.update?.(1 / 60, 0);
  };
  const pickAnswers = (answer: Partial<THREE.Intersection>) => {
    hit = answer as THREE.Intersection;
  };
  return { ctx, onPrompt, interaction, classroom, standAt, pickAnswers };
};

describe('classroom system', () => {
  it('tells the host the class it is near once on the way in, and once on the way out', () => {
    const { ctx, standAt } = setUp();
    standAt(0, 8);
    expect(ctx.bridged).toEqual([]);
    standAt(18.3, 0);
    standAt(21, 0);
    standAt(22, -1);
    expect(ctx.bridged).toEqual([{ type: 'classroom_near', room: 'room-2' }]);
    standAt(21, -8);
    standAt(21, -8.5);
    standAt(16, 0);
    standAt(0, 8);
    expect(ctx.bridged).toEqual([
      { type: 'classroom_near', room: 'room-2' },
      { type: 'classroom_near', room: 'room-1' },
      { type: 'classroom_near', room: null },
    ]);
  });

  it('prompts in a class area and joins that class on E or the prompt', () => {
    const { ctx, onPrompt, interaction, standAt } = setUp();
    standAt(24.5, 6.6, Math.PI);
    expect(onPrompt).toHaveBeenLastCalledWith(PROMPT_TEXTS.classroom['room-3']);
    interaction.interact(null);
    expect(ctx.bridged.at(-1)).toEqual({ type: 'classroom_join', room: 'room-3' });
    standAt(16, 0);
    expect(onPrompt).toHaveBeenLastCalledWith(null);
    const before = ctx.bridged.length;
    interaction.interact(null);
    expect(ctx.bridged.slice(before)).toEqual([]);
  });

  it('joins on a click on a board, not on any click in the room', () => {
    const { ctx, interaction, standAt, pickAnswers } = setUp();
    standAt(24.5, 0, Math.PI / 2);
    const before = ctx.bridged.length;
    // A click on the floor (nothing picked): no join, though the room's class is in reach.
    interaction.interact({ x: 10, y: 10 });
    expect(ctx.bridged.slice(before)).toEqual([]);
    // A click whose ray meets Room 1's board.
    const signs = new THREE.Mesh();
    signs.name = 'campus-signs';
    ctx.scene.add(signs);
    const board = { x: 33.38, y: ClassroomFurniture.boardCentreY, z: -6.65 };
    pickAnswers({
      object: signs,
      distance: 10,
      point: new THREE.Vector3(board.x, board.y, board.z),
    });
    interaction.interact({ x: 10, y: 10 });
    expect(ctx.bridged.slice(before)).toEqual([{ type: 'classroom_join', room: 'room-1' }]);
    // Too far away, it does nothing.
    pickAnswers({ object: signs, distance: 30, point: new THREE.Vector3(board.x, board.y, 0) });
    interaction.interact({ x: 10, y: 10 });
    expect(ctx.bridged.slice(before)).toHaveLength(1);
  });
});
