import { CAMPUS_LAYOUT, WorldConstants, type WorldLayout } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { isWalkable } from './collision.ts';
import { createAvatarBody, stepMovement, type AvatarBody, type MovementInput } from './movement.ts';

const dt = 1 / 60;
const none: MovementInput = {
  forward: false,
  back: false,
  left: false,
  right: false,
  run: false,
  jump: false,
};
const at = (x: number, z: number): AvatarBody => ({ ...createAvatarBody(CAMPUS_LAYOUT), x, z });
const run = (
  body: AvatarBody,
  input: MovementInput,
  seconds: number,
  yaw = 0,
  layout = CAMPUS_LAYOUT,
) => {
  let b = body;
  for (let i = 0; i < Math.round(seconds / dt); i++) b = stepMovement(b, input, yaw, dt, layout);
  return b;
};

describe('movement', () => {
  it('walks at walkSpeed and runs at runSpeed', () => {
    const walked = run(at(-20, 30), { ...none, forward: true }, 1);
    expect(30 - walked.z).toBeCloseTo(WorldConstants.walkSpeed, 5);
    expect(walked.anim).toBe('walk');
    const ran = run(at(-20, 30), { ...none, forward: true, run: true }, 1);
    expect(30 - ran.z).toBeCloseTo(WorldConstants.runSpeed, 5);
    expect(ran.anim).toBe('run');
    expect(run(ran, none, dt).anim).toBe('idle');
  });

  it('faces the way it walks', () => {
    const b = run(at(0, 8), { ...none, right: true }, 0.1);
    expect(b.ry).toBeCloseTo(Math.PI / 2);
  });

  it('walking into a wall for 10 s ends beside it, not inside or through', () => {
    // Gallery south wall spans z -14.5..-14 at x 2..14; start south of it and walk north (-z).
    const b = run(at(8, -10), { ...none, forward: true }, 10);
    expect(b.z).toBeCloseTo(-14 + WorldConstants.avatarRadius, 5);
    expect(b.x).toBeCloseTo(8, 9);
    expect(isWalkable(b, CAMPUS_LAYOUT, WorldConstants.avatarRadius)).toBe(true);
  });

  it('walking diagonally into a wall slides along it', () => {
    // Forward + right at yaw 0 is (+x, -z): the wall stops z, x keeps going at walkSpeed/√2.
    const b = run(at(6, -13), { ...none, forward: true, right: true }, 1);
    expect(b.z).toBeCloseTo(-14 + WorldConstants.avatarRadius, 5);
    expect(b.x - 6).toBeCloseTo(WorldConstants.walkSpeed * Math.SQRT1_2, 5);
  });

  it('jumps in an arc and lands back on y = 0', () => {
    let b = stepMovement(at(0, 8), { ...none, jump: true }, 0, dt, CAMPUS_LAYOUT);
    let peak = 0;
    let airborne = 0;
    for (let i = 0; i < 120; i++) {
      peak = Math.max(peak, b.y);
      if (b.y > 0) airborne++;
      expect(b.anim).toBe(b.y > 0 ? 'jump' : 'idle');
      b = stepMovement(b, none, 0, dt, CAMPUS_LAYOUT);
    }
    expect(peak).toBeGreaterThan(0.6);
    expect(peak).toBeLessThan(1);
    expect(airborne).toBeGreaterThan(30);
    expect(b.y).toBe(0);
    expect(b.vy).toBe(0);
  });

  it('follows a path and clears it on arrival; keys cancel it', () => {
    const path = [
      { x: 4, z: 8 },
      { x: 4, z: 12 },
    ];
    const done = run({ ...at(0, 8), path }, none, 3);
    expect(done.x).toBeCloseTo(4, 9);
    expect(done.z).toBeCloseTo(12, 9);
    expect(done.path).toBeNull();
    const halfway = run({ ...at(0, 8), path }, none, 1);
    expect(halfway.x).toBeCloseTo(3, 5);
    expect(halfway.anim).toBe('walk');
    const cancelled = stepMovement(
      { ...at(0, 8), path },
      { ...none, back: true },
      0,
      dt,
      CAMPUS_LAYOUT,
    );
    expect(cancelled.path).toBeNull();
    expect(cancelled.z).toBeGreaterThan(8);
  });

  it('drops a path blocked by an unexpected obstacle', () => {
    const layout: WorldLayout = {
      ...CAMPUS_LAYOUT,
      obstacles: [{ minX: 1, minZ: 0, maxX: 2, maxZ: 20, height: 1 }],
    };
    const b = run({ ...at(0, 8), path: [{ x: 5, z: 8 }] }, none, 1, 0, layout);
    expect(b.path).toBeNull();
    expect(b.x).toBeCloseTo(1 - WorldConstants.avatarRadius, 5);
  });

  it('walking into a classroom desk stops beside it', () => {
    // Room 2's middle-row desk on the +z side (x 25.3..25.9, z 0.8..2): start past it, walk -z.
    const desk = CAMPUS_LAYOUT.classrooms?.areas[1]?.desks.find(
      (d) => d.minX < 25.6 && d.maxX > 25.6 && d.minZ < 1.4 && d.maxZ > 1.4,
    );
    expect(desk?.maxZ).toBeCloseTo(2, 9);
    expect(CAMPUS_LAYOUT.obstacles).toContain(desk);
    const b = run(at(25.6, 2.8), { ...none, forward: true }, 2);
    expect(b.z).toBeCloseTo(2 + WorldConstants.avatarRadius, 5);
    expect(b.x).toBeCloseTo(25.6, 9);
    // A jump does not carry it over either: collisions are on the ground plane.
    const jumped = run(b, { ...none, forward: true, jump: true }, 1);
    expect(jumped.z).toBeGreaterThanOrEqual(2 + WorldConstants.avatarRadius - 1e-6);
  });
});
