import { CAMPUS_LAYOUT } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { labelPlacement } from './voice-areas.ts';

const area = (id: string) => {
  const found = CAMPUS_LAYOUT.voiceAreas?.find((a) => a.id === id);
  if (!found) throw new Error(`no area ${id}`);
  return found;
};

describe('voice area labels', () => {
  it('lie inside the edge people come in by, reading the right way up for them', () => {
    const from = CAMPUS_LAYOUT.spawn;
    // The stage lies south of the spawn point: its label by its north edge, reading southwards.
    const stage = labelPlacement(area('plaza-stage'), from);
    expect(stage.up).toEqual({ x: 0, z: 1 });
    expect(stage.z).toBeGreaterThan(16);
    expect(stage.z).toBeLessThan(18);
    // The table lies west: by its east edge, reading westwards.
    const table = labelPlacement(area('plaza-table'), from);
    expect(table.up).toEqual({ x: -1, z: 0 });
    expect(table.x).toBeLessThan(-8);
    expect(table.x).toBeGreaterThan(-10);
    // The gallery lies north: by its door, reading northwards.
    const gallery = labelPlacement(area('gallery'), from);
    expect(gallery.up).toEqual({ x: 0, z: -1 });
    expect(gallery.z).toBeLessThan(-14.5);
    expect(gallery.z).toBeGreaterThan(-17);
    // Each fits inside its area.
    for (const [placed, a] of [
      [stage, area('plaza-stage')],
      [table, area('plaza-table')],
    ] as const) {
      const across = placed.up.x === 0 ? a.maxX - a.minX : a.maxZ - a.minZ;
      expect(placed.width).toBeLessThan(across);
    }
  });
});
