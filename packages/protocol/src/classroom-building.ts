/**
 * The campus's classroom building: three class areas, one per classroom (`room-1`…`room-3`),
 * each with a board, a teacher's desk and rows of student desks. The desks and the low
 * partitions between the areas are obstacles, so the engine, its pathfinding and the server's
 * move checks all treat them as solid; the scene draws them from the same numbers.
 */
import type { ClassroomRoom } from './classroom.ts';
import type { Obstacle, Placement } from './ground.ts';

/** An axis-aligned rectangle on the ground plane. */
export interface GroundBox {
  minX: number;
  minZ: number;
  maxX: number;
  maxZ: number;
}

/** One class area of a classroom building. */
export interface ClassroomArea {
  room: ClassroomRoom;
  /** Its name on the board, e.g. "Room 1". */
  label: string;
  /** The part of the building's floor that belongs to this class (the zones tile the building). */
  zone: GroundBox;
  /** The board's centre on the wall; `ry` faces into the room. */
  board: Placement;
  teacherDesk: Obstacle;
  /** Student desks, each for two, in rows facing the board. */
  desks: Obstacle[];
}

/** A classroom building: its outer footprint, its class areas and the partitions between them. */
export interface ClassroomBuilding {
  footprint: GroundBox;
  areas: ClassroomArea[];
  partitions: Obstacle[];
}

/** Sizes of the furniture, metres. */
export const ClassroomFurniture = {
  deskDepth: 0.6,
  deskWidth: 1.2,
  deskHeight: 0.76,
  teacherDeskDepth: 0.8,
  teacherDeskWidth: 2,
  teacherDeskHeight: 0.8,
  partitionHeight: 1.2,
  boardWidth: 3,
  boardHeight: 1.35,
  /** Height of the board's centre above the floor. */
  boardCentreY: 1.75,
} as const;

const box = (x: number, z: number, w: number, d: number, height: number): Obstacle => ({
  minX: x - w / 2,
  minZ: z - d / 2,
  maxX: x + w / 2,
  maxZ: z + d / 2,
  height,
});

// The campus building: walls x 18..34, z -10.5..10.5 (inside x 18.5..33.5, z -10..10), its door
// in the west wall. The class areas sit side by side along z, boards on the east wall, and a
// corridor along the west wall (x 18.5..22.3) leads from the door to each of them.
const ROW_X = [23.4, 25.6, 27.8] as const;
/** Student desks stand this far either side of the area's centre line: a 1.6 m middle aisle. */
const COLUMN_OFFSET = 1.4;
const TEACHER_X = 30.6;
const BOARD_X = 33.38;
const PARTITION_Z = 3.3;

const area = (room: ClassroomRoom, label: string, zc: number, zone: GroundBox): ClassroomArea => {
  const f = ClassroomFurniture;
  return {
    room,
    label,
    zone,
    board: { x: BOARD_X, z: zc, ry: -Math.PI / 2 },
    teacherDesk: box(TEACHER_X, zc, f.teacherDeskDepth, f.teacherDeskWidth, f.teacherDeskHeight),
    desks: ROW_X.flatMap((x) =>
      [-COLUMN_OFFSET, COLUMN_OFFSET].map((dz) =>
        box(x, zc + dz, f.deskDepth, f.deskWidth, f.deskHeight),
      ),
    ),
  };
};

const partition = (z: number): Obstacle => ({
  minX: 22.4,
  minZ: z - 0.06,
  maxX: 33.5,
  maxZ: z + 0.06,
  height: ClassroomFurniture.partitionHeight,
});

/** The campus's classroom building (its walls are in the campus layout's obstacles). */
export const CAMPUS_CLASSROOM_BUILDING: ClassroomBuilding = {
  footprint: { minX: 18, minZ: -10.5, maxX: 34, maxZ: 10.5 },
  areas: [
    area('room-1', 'Room 1', -6.65, { minX: 18, minZ: -10.5, maxX: 34, maxZ: -PARTITION_Z }),
    area('room-2', 'Room 2', 0, { minX: 18, minZ: -PARTITION_Z, maxX: 34, maxZ: PARTITION_Z }),
    area('room-3', 'Room 3', 6.65, { minX: 18, minZ: PARTITION_Z, maxX: 34, maxZ: 10.5 }),
  ],
  partitions: [partition(-PARTITION_Z), partition(PARTITION_Z)],
};

/** Every solid piece of a classroom building's furniture: desks and partitions. */
export const classroomObstacles = (building: ClassroomBuilding): Obstacle[] => [
  ...building.areas.flatMap((a) => [a.teacherDesk, ...a.desks]),
  ...building.partitions,
];
