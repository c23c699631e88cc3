import { ClassroomFurniture, type ClassroomBuilding, type Obstacle } from '@atrium/protocol';
import type { ClassroomRoom, Placement } from '@atrium/protocol';
import type { StaticBuilder } from './bake.ts';
import { pottedPlant } from './campus-props.ts';
import type { ShadowCaster } from './ground-texture.ts';
import { Palette } from './palette.ts';

/** Each class has its own chair colour, so the three areas read apart at a glance. */
export const CLASS_ACCENT: Record<ClassroomRoom, string> = {
  'room-1': Palette.teal,
  'room-2': '#f2b441',
  'room-3': Palette.indigo,
};

const centre = (o: Obstacle) => ({ x: (o.minX + o.maxX) / 2, z: (o.minZ + o.maxZ) / 2 });

/** A chair whose sitter faces +x (`faceX` 1) or −x (−1): seat, backrest and a pedestal. */
const chair = (b: StaticBuilder, x: number, z: number, faceX: 1 | -1, color: string) => {
  b.box(0.3, 0.42, 0.3, x, 0, z, Palette.metal);
  b.box(0.44, 0.05, 0.44, x, 0.42, z, color);
  b.box(0.05, 0.48, 0.44, x - faceX * 0.2, 0.46, z, color);
};

/** A student desk for two (the obstacle's box), its chairs on the side away from the board. */
const studentDesk = (b: StaticBuilder, casters: ShadowCaster[], desk: Obstacle, accent: string) => {
  const { x, z } = centre(desk);
  const w = desk.maxX - desk.minX;
  const d = desk.maxZ - desk.minZ;
  const top = ClassroomFurniture.deskHeight;
  b.box(w, 0.05, d, x, top - 0.05, z, Palette.wood);
  for (const dx of [-1, 1]) {
    for (const dz of [-1, 1]) {
      b.box(
        0.05,
        top - 0.05,
        0.05,
        x + dx * (w / 2 - 0.05),
        0,
        z + dz * (d / 2 - 0.05),
        Palette.metal,
      );
    }
  }
  // The front panel, toward the board.
  b.box(0.03, 0.36, d - 0.1, desk.maxX - 0.04, top - 0.45, z, Palette.woodDark);
  for (const dz of [-0.3, 0.3]) chair(b, desk.minX - 0.3, z + dz, 1, accent);
  casters.push({ kind: 'box', ...desk, height: top });
};

/** The teacher's desk, its chair between it and the board, and a few things on it. */
const teacherDesk = (b: StaticBuilder, casters: ShadowCaster[], desk: Obstacle, accent: string) => {
  const { x, z } = centre(desk);
  const w = desk.maxX - desk.minX;
  const d = desk.maxZ - desk.minZ;
  const top = ClassroomFurniture.teacherDeskHeight;
  b.box(w, top - 0.06, d, x, 0, z, Palette.woodDark, { ao: true });
  b.box(w + 0.08, 0.06, d + 0.08, x, top - 0.06, z, Palette.wood);
  // A closed laptop and a stack of books.
  b.box(0.32, 0.03, 0.42, x, top, z - d * 0.22, Palette.metal);
  b.box(0.24, 0.1, 0.18, x - 0.1, top, z + d * 0.28, Palette.posters[3] ?? accent);
  b.box(0.22, 0.07, 0.16, x - 0.1, top + 0.1, z + d * 0.28, Palette.posters[4] ?? accent);
  chair(b, desk.maxX + 0.5, z, -1, accent);
  casters.push({ kind: 'box', ...desk, height: top });
};

/** The board's wooden frame and chalk tray; the board face itself is in the signs mesh. */
const boardFrame = (b: StaticBuilder, board: Placement) => {
  const f = ClassroomFurniture;
  const bottom = f.boardCentreY - f.boardHeight / 2;
  // Between the board face and the wall: the face sits 0.02 m proud of the frame.
  const frameX = board.x + 0.07;
  b.box(
    0.1,
    f.boardHeight + 0.16,
    f.boardWidth + 0.16,
    frameX,
    bottom - 0.08,
    board.z,
    Palette.wood,
  );
  b.box(0.14, 0.04, f.boardWidth, board.x - 0.05, bottom - 0.06, board.z, Palette.wood);
  b.box(0.03, 0.02, 0.1, board.x - 0.06, bottom - 0.02, board.z + 0.6, '#ffffff', { unlit: true });
};

/** A low partition between two class areas, capped in the building's teal. */
const partition = (b: StaticBuilder, casters: ShadowCaster[], p: Obstacle) => {
  const { x, z } = centre(p);
  const w = p.maxX - p.minX;
  const d = p.maxZ - p.minZ;
  b.box(w, p.height - 0.08, d, x, 0, z, Palette.wallInside, { ao: true });
  b.box(w, 0.08, d + 0.06, x, p.height - 0.08, z, Palette.tealDeep);
  b.box(0.16, p.height + 0.02, d + 0.1, p.minX + 0.08, 0, z, Palette.tealDeep);
  casters.push({ kind: 'box', ...p });
};

/** The classroom building's furniture, drawn from the same boxes the collisions use. */
export const classroomFurniture = (
  b: StaticBuilder,
  casters: ShadowCaster[],
  building: ClassroomBuilding,
) => {
  for (const area of building.areas) {
    const accent = CLASS_ACCENT[area.room];
    for (const desk of area.desks) studentDesk(b, casters, desk, accent);
    teacherDesk(b, casters, area.teacherDesk, accent);
    boardFrame(b, area.board);
  }
  for (const p of building.partitions) partition(b, casters, p);
  // Plants in the corridor's corners, clear of the door and of the way into each class.
  const { footprint: fp } = building;
  pottedPlant(b, casters, fp.minX + 1.3, fp.minZ + 1.3);
  pottedPlant(b, casters, fp.minX + 1.3, fp.maxZ - 1.3);
};
