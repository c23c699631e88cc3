import { CAMPUS_LAYOUT, ClassroomFurniture, WorldConstants } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { boardAt, classroomAt, classroomTargets, createNearTracker } from './classroom-zone.ts';
import { isWalkable } from './collision.ts';
import { nearbyPrompt, PROMPT_TEXTS } from './interaction.ts';
import { createAvatarBody, stepMovement, type MovementInput } from './movement.ts';

const building = CAMPUS_LAYOUT.classrooms;
const r = WorldConstants.avatarRadius;

describe('the classroom building', () => {
  it('has one class area per classroom, its desks inside its own zone and solid', () => {
    expect(building?.areas.map((a) => a.room)).toEqual(['room-1', 'room-2', 'room-3']);
    for (const area of building?.areas ?? []) {
      expect(area.desks).toHaveLength(6);
      for (const desk of [area.teacherDesk, ...area.desks]) {
        expect(CAMPUS_LAYOUT.obstacles).toContain(desk);
        expect(desk.minZ).toBeGreaterThan(area.zone.minZ);
        expect(desk.maxZ).toBeLessThan(area.zone.maxZ);
      }
    }
    // The arrival spot is clear of the furniture.
    expect(isWalkable(CAMPUS_LAYOUT.spots.classroom, CAMPUS_LAYOUT, r)).toBe(true);
  });
});

describe('classroomAt', () => {
  it.each([
    [{ x: 0, z: 8 }, null],
    [{ x: 16.5, z: 0 }, null],
    // The doorway in the west wall belongs to the building.
    [{ x: 18.2, z: 0 }, 'room-2'],
    [{ x: 21, z: -8 }, 'room-1'],
    [{ x: 24.5, z: -6.6 }, 'room-1'],
    [{ x: 31.6, z: 0 }, 'room-2'],
    [{ x: 27, z: 9 }, 'room-3'],
    [{ x: 35, z: 9 }, null],
  ] as const)('at %o is %s', (p, room) => {
    expect(classroomAt(p, building)).toBe(room);
  });

  it('is null in a world without a classroom building', () => {
    expect(classroomAt({ x: 25, z: 0 }, undefined)).toBeNull();
  });
});

describe('classroom targets', () => {
  const targets = classroomTargets(building);

  it('prompt to join the class whose area the avatar stands in, whichever way it faces', () => {
    for (const ry of [0, Math.PI / 2, Math.PI, -Math.PI / 2]) {
      expect(nearbyPrompt({ x: 24.5, z: -6.6, ry }, targets)?.text).toBe(
        PROMPT_TEXTS.classroom['room-1'],
      );
      expect(nearbyPrompt({ x: 21, z: 0, ry }, targets)?.text).toBe('E: join Room 2 class');
      expect(nearbyPrompt({ x: 31.6, z: 7, ry }, targets)?.text).toBe('E: join Room 3 class');
    }
  });

  it('offer nothing outside the building', () => {
    expect(nearbyPrompt({ x: 16.5, z: 0, ry: Math.PI / 2 }, targets)).toBeNull();
  });
});

describe('boardAt', () => {
  const y = ClassroomFurniture.boardCentreY;
  it('finds the class of a point on its board, and nothing beside the boards', () => {
    expect(boardAt({ x: 33.38, y, z: -6.65 }, building)).toBe('room-1');
    expect(boardAt({ x: 33.38, y: y + 0.6, z: 1.4 }, building)).toBe('room-2');
    expect(boardAt({ x: 33.38, y, z: 7.5 }, building)).toBe('room-3');
    expect(boardAt({ x: 33.38, y, z: 3.3 }, building)).toBeNull();
    expect(boardAt({ x: 33.38, y: 0.5, z: 0 }, building)).toBeNull();
    expect(boardAt({ x: 30, y, z: 0 }, building)).toBeNull();
  });
});

describe('the near tracker', () => {
  it('reports each change once, on a walk in through the door and out again', () => {
    const none: MovementInput = {
      forward: false,
      back: false,
      left: false,
      right: false,
      run: false,
      jump: false,
    };
    const near = createNearTracker();
    const heard: (string | null)[] = [];
    let body = { ...createAvatarBody(CAMPUS_LAYOUT), x: 14, z: 0 };
    const walk = (input: MovementInput, yaw: number, steps: number) => {
      for (let i = 0; i < steps; i += 1) {
        body = stepMovement(body, input, yaw, 1 / 60, CAMPUS_LAYOUT);
        const { changed, room } = near(classroomAt(body, building));
        if (changed) heard.push(room);
      }
    };
    // Right at yaw 0 is +x: in through the west door, on past the corridor, then back out.
    walk({ ...none, right: true }, 0, 180);
    expect(body.x).toBeGreaterThan(21);
    walk({ ...none, left: true }, 0, 240);
    expect(body.x).toBeLessThan(17);
    expect(heard).toEqual(['room-2', null]);
  });
});
