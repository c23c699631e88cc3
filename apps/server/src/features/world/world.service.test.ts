import { CAMPUS_LAYOUT, WORLD_LOCATIONS, WorldConstants } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { isWalkable } from '@atrium/protocol';
import { spawnPoint, WorldService } from './world.service.ts';

const who = (id: string) => ({ id, username: id, roleLabel: 'Member', look: 1 });

describe('WorldService', () => {
  it('fills an instance up to its capacity, then opens the next', () => {
    const service = new WorldService(2);
    const a = service.join('a', 'campus', who('a'));
    const b = service.join('b', 'campus', who('b'));
    const c = service.join('c', 'campus', who('c'));
    expect(a.instanceId).toBe(b.instanceId);
    expect(c.instanceId).not.toBe(a.instanceId);
    service.leave('a');
    expect(service.join('d', 'campus', who('d')).instanceId).toBe(b.instanceId);
    service.leave('c');
    expect(service.instances.has(c.instanceId)).toBe(false);
  });

  it('accepts running speed, refuses teleports and walls, and limits the message rate', () => {
    let now = 1_000;
    const service = new WorldService(10, () => now);
    const m = service.join('a', 'campus', who('a'));
    const { x, z } = CAMPUS_LAYOUT.spawn;
    now += 1000;
    // One second at running speed, straight ahead: fine.
    expect(service.move(m, { x, y: 0, z: z + WorldConstants.runSpeed, ry: 0, anim: 'run' })).toBe(
      'accepted',
    );
    now += 100;
    // 20 m in 0.1 s: a teleport.
    expect(service.move(m, { x: x + 20, y: 0, z: z + 6, ry: 0, anim: 'run' })).toBe('too-fast');
    expect(m.state.x).toBe(x);
    // Into the fountain at the plaza centre (a 5 m box around 0,0).
    now += 2000;
    expect(service.move(m, { x: 0, y: 0, z: 1, ry: 0, anim: 'walk' })).toBe('blocked');
    // A burst beyond the token bucket is dropped.
    const verdicts = Array.from({ length: 10 }, () => service.move(m, { ...m.state }));
    expect(verdicts).toContain('rate-limited');
  });

  it('refuses passing through a wall between two walkable points', () => {
    let now = 0;
    const service = new WorldService(10, () => now);
    const m = service.join('a', 'campus', who('a'));
    m.state = { ...m.state, x: 8, z: -13 };
    now += 1000;
    // Straight north through the gallery's south wall (z -14.5..-14, solid at x 8).
    expect(service.move(m, { x: 8, y: 0, z: -16, ry: 0, anim: 'walk' })).toBe('blocked');
    // Through the door (x -2..2) is fine.
    m.state = { ...m.state, x: 0, z: -13 };
    now += 1000;
    expect(service.move(m, { x: 0, y: 0, z: -16, ry: 0, anim: 'walk' })).toBe('accepted');
  });
});

describe('spawnPoint', () => {
  it('spreads arrivals apart on walkable spots near the spawn', () => {
    const spots = Array.from({ length: 40 }, (_, n) => spawnPoint(CAMPUS_LAYOUT, n));
    expect(spots[0]).toEqual({ ...CAMPUS_LAYOUT.spawn, ry: 0 });
    for (const spot of spots) {
      expect(isWalkable(spot, CAMPUS_LAYOUT, WorldConstants.avatarRadius)).toBe(true);
      expect(
        Math.hypot(spot.x - CAMPUS_LAYOUT.spawn.x, spot.z - CAMPUS_LAYOUT.spawn.z),
      ).toBeLessThan(7);
    }
    const distinct = new Set(spots.slice(0, 9).map((s) => `${s.x.toFixed(2)},${s.z.toFixed(2)}`));
    expect(distinct.size).toBe(9);
  });

  it('spreads a crowd of 1,000 over a disc a metre or more apart, on the map', () => {
    const spots = Array.from({ length: 1000 }, (_, n) => spawnPoint(CAMPUS_LAYOUT, n));
    const spawn = CAMPUS_LAYOUT.spawn;
    const onSpawn = spots.filter((s) => s.x === spawn.x && s.z === spawn.z).length;
    // A few places fall on a building at every angle tried: they stand on the spawn point.
    expect(onSpawn).toBeLessThan(50);
    for (const spot of spots) {
      expect(isWalkable(spot, CAMPUS_LAYOUT, WorldConstants.avatarRadius)).toBe(true);
      expect(Math.hypot(spot.x - spawn.x, spot.z - spawn.z)).toBeLessThan(28);
    }
    // Neighbours on the spiral stand about 1.4 m apart; a place moved off an obstacle to another
    // angle can land nearer one (about one in seven here), never on top of it.
    const first = spots.slice(1, 200);
    const nearest = first
      .map((a) =>
        Math.min(...first.filter((b) => b !== a).map((b) => Math.hypot(a.x - b.x, a.z - b.z))),
      )
      .sort((a, b) => a - b);
    expect(nearest[Math.floor(nearest.length / 2)]).toBeGreaterThan(1.3);
    expect(nearest[0]).toBeGreaterThan(WorldConstants.avatarRadius);
  });

  it.each(WORLD_LOCATIONS)('places arrivals at the %s spot when asked', (location) => {
    const spot = CAMPUS_LAYOUT.spots[location];
    expect(isWalkable(spot, CAMPUS_LAYOUT, WorldConstants.avatarRadius)).toBe(true);
    for (let n = 0; n < 20; n += 1) {
      const place = spawnPoint(CAMPUS_LAYOUT, n, location);
      expect(isWalkable(place, CAMPUS_LAYOUT, WorldConstants.avatarRadius)).toBe(true);
      expect(Math.hypot(place.x - spot.x, place.z - spot.z)).toBeLessThan(4);
      expect(place.ry).toBe(spot.ry);
    }
  });

  it('keeps every poster slot and portal inside the world', () => {
    for (const p of [...CAMPUS_LAYOUT.posterSlots, ...CAMPUS_LAYOUT.portals]) {
      expect(p.x).toBeGreaterThan(CAMPUS_LAYOUT.bounds.minX);
      expect(p.x).toBeLessThan(CAMPUS_LAYOUT.bounds.maxX);
      expect(p.z).toBeGreaterThan(CAMPUS_LAYOUT.bounds.minZ);
      expect(p.z).toBeLessThan(CAMPUS_LAYOUT.bounds.maxZ);
    }
    for (const portal of CAMPUS_LAYOUT.portals) {
      expect(isWalkable(portal, CAMPUS_LAYOUT, WorldConstants.avatarRadius)).toBe(true);
    }
  });
});
