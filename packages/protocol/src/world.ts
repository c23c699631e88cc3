import { z } from 'zod';
import {
  CAMPUS_CLASSROOM_BUILDING,
  classroomObstacles,
  type ClassroomBuilding,
} from './classroom-building.ts';
import type { Obstacle, Placement } from './ground.ts';
import type { VoiceArea } from './world-voice.ts';

export type { Obstacle, Placement } from './ground.ts';

/** Movement and sync constants shared by the engine (client) and the server's checks. */
export const WorldConstants = {
  /** Metres per second. */
  walkSpeed: 3,
  runSpeed: 6,
  /** Positions are sent at this rate (SPEC: 10–20 Hz). */
  sendHz: 15,
  /** Remote avatars are drawn this far in the past, interpolated. */
  interpolationDelayMs: 100,
  /**
   * Default people per world instance; newcomers beyond it get a new instance. 200: with all of
   * them moving at 15 Hz a server used about half a core, a client received 12.7 KB/s and saw a
   * near move within 68 ms (p95), on one process or two (docs/benchmarks.md, issue 30).
   */
  instanceCapacity: 200,
  /** Above this many people in an instance, clients receive only nearby avatars. */
  interestThreshold: 50,
  /** "Nearby", in metres, once interest management is on. */
  interestRadius: 30,
  /** Avatar collision radius, metres. */
  avatarRadius: 0.35,
  /** Slack on the server's speed check, for jitter in message timing. */
  speedTolerance: 1.5,
} as const;

/** SPEC §2 "Keyboard Emoticons": keys 1 to 0, in this order. */
export const EMOTES = [
  'waving',
  'clapping',
  'agree',
  'disagree',
  'happy',
  'laugh',
  'greet',
  'angry',
  'thinking',
  'dance',
] as const;
export const EmoteSchema = z.enum(EMOTES);
export type Emote = z.infer<typeof EmoteSchema>;

/** The key of each emote: '1'…'9' then '0'. */
export const EMOTE_KEYS: Record<string, Emote> = Object.fromEntries(
  EMOTES.map((emote, i) => [String((i + 1) % 10), emote]),
);

export const AvatarAnimSchema = z.enum(['idle', 'walk', 'run', 'jump']);
export type AvatarAnim = z.infer<typeof AvatarAnimSchema>;

/** Named spots in a world where visitors can arrive (Player SDK `setLocation`). */
export const WORLD_LOCATIONS = ['plaza', 'gallery', 'classroom'] as const;
export const WorldLocationSchema = z.enum(WORLD_LOCATIONS);
export type WorldLocation = z.infer<typeof WorldLocationSchema>;

/** A doorway to another world: walking up to it and pressing E opens that world. */
export interface Portal {
  id: string;
  /** The custom-setting key of the other world's address (SPEC §4 "Other world"). */
  key: string;
  label: string;
  x: number;
  z: number;
}

/** The walkable area and its obstacles: one source for the engine, the server and the scene. */
export interface WorldLayout {
  id: string;
  bounds: { minX: number; minZ: number; maxX: number; maxZ: number };
  /** Where visitors arrive when no location is asked for. */
  spawn: { x: number; z: number };
  /** Arrival spots by location name. */
  spots: Record<WorldLocation, Placement>;
  obstacles: Obstacle[];
  /** Wall slots for posters (a poster's `slot` is an index here); `ry` faces into the room. */
  posterSlots: Placement[];
  portals: Portal[];
  /** The classroom building, if the world has one (its furniture is in `obstacles` too). */
  classrooms?: ClassroomBuilding;
  /** Issue 30 §2: private areas, quiet zones and the stage (adding one is a new entry). */
  voiceAreas?: VoiceArea[];
}

const wall = (minX: number, minZ: number, maxX: number, maxZ: number, height = 4): Obstacle => ({
  minX,
  minZ,
  maxX,
  maxZ,
  height,
});

/**
 * The demo campus: a plaza in the middle, the gallery hall to the north (a doorway in its south
 * wall) and the classroom building to the east (a doorway in its west wall).
 */
export const CAMPUS_LAYOUT: WorldLayout = {
  id: 'campus',
  bounds: { minX: -40, minZ: -40, maxX: 40, maxZ: 40 },
  spawn: { x: 0, z: 8 },
  spots: {
    plaza: { x: 0, z: 8, ry: Math.PI },
    // Deep enough in the hall that the camera behind the avatar is inside too: from z -18 it stood
    // outside, and the sign above the door hid the arriving visitor.
    gallery: { x: 0, z: -25, ry: Math.PI },
    classroom: { x: 21, z: 0, ry: Math.PI / 2 },
  },
  posterSlots: [
    { x: -7, z: -33.45, ry: 0 },
    { x: 0, z: -33.45, ry: 0 },
    { x: 7, z: -33.45, ry: 0 },
    { x: -13.45, z: -24, ry: Math.PI / 2 },
    { x: 13.45, z: -24, ry: -Math.PI / 2 },
    { x: -8, z: -14.55, ry: Math.PI },
    { x: 8, z: -14.55, ry: Math.PI },
  ],
  classrooms: CAMPUS_CLASSROOM_BUILDING,
  voiceAreas: [
    // The stage at the plaza's south end, and a table west of the fountain.
    { id: 'plaza-stage', kind: 'stage', label: 'Stage', minX: -4, minZ: 16, maxX: 4, maxZ: 20 },
    { id: 'plaza-table', kind: 'private', label: 'Table', minX: -12, minZ: 2, maxX: -8, maxZ: 6 },
    // The gallery hall inside its walls.
    {
      id: 'gallery',
      kind: 'quiet',
      label: 'Gallery',
      minX: -13.5,
      minZ: -33.5,
      maxX: 13.5,
      maxZ: -14.5,
    },
  ],
  portals: [{ id: 'gallery-annex', key: 'stream.gallery', label: 'Gallery annex', x: -18, z: 12 }],
  obstacles: [
    // Gallery hall: x -14..14, z -34..-14, door at x -2..2 on the south wall.
    wall(-14, -34, 14, -33.5),
    wall(-14, -34, -13.5, -14),
    wall(13.5, -34, 14, -14),
    wall(-14, -14.5, -2, -14),
    wall(2, -14.5, 14, -14),
    // Classroom building: x 18..34, z -10..10, door at z -2..2 on the west wall.
    wall(18, -10.5, 34, -10),
    wall(18, 10, 34, 10.5),
    wall(33.5, -10.5, 34, 10.5),
    wall(18, -10.5, 18.5, -2),
    wall(18, 2, 18.5, 10.5),
    // Plaza fountain.
    wall(-2.5, -2.5, 2.5, 2.5, 1),
    // The classroom building's desks and partitions.
    ...classroomObstacles(CAMPUS_CLASSROOM_BUILDING),
  ],
};

const finite = z.number().finite();

/** An avatar as every client sees it. */
export const AvatarStateSchema = z.object({
  id: z.string(),
  /** The avatar's number in its instance; binary snapshots refer to avatars by it. */
  index: z.number().int().min(0).max(65535),
  username: z.string(),
  roleLabel: z.string(),
  /**
   * The avatar's look: a chosen look's code (`decodeLook`) or, for an account that never chose,
   * a seed from the account (the same in every session and to everyone).
   */
  look: z.number().int().min(0).max(0xffffffff),
  x: finite,
  y: finite,
  z: finite,
  /** Facing, radians around the vertical axis. */
  ry: finite,
  anim: AvatarAnimSchema,
});
export type AvatarState = z.infer<typeof AvatarStateSchema>;

export const WorldJoinSchema = z.strictObject({
  world: z.string().regex(/^[a-z0-9-]{1,32}$/),
  /** Arrive at this named spot instead of the world's spawn point. */
  location: WorldLocationSchema.optional(),
  /**
   * A guest's look for this visit (a chosen-look code, see `encodeLook`); accounts wear their
   * saved look and this is ignored for them.
   */
  look: z.number().int().min(0).max(0xffffffff).optional(),
});
export const WorldJoinAckSchema = z.object({
  instanceId: z.string(),
  self: AvatarStateSchema,
  others: z.array(AvatarStateSchema),
});
export const WorldMoveSchema = z.strictObject({
  x: finite,
  y: finite.min(-1).max(20),
  z: finite,
  ry: finite,
  anim: AvatarAnimSchema,
});
export type WorldMove = z.infer<typeof WorldMoveSchema>;
export const WorldEmoteSchema = z.strictObject({ emote: EmoteSchema });

/** Layouts by world id. */
export const WORLD_LAYOUTS: Record<string, WorldLayout> = { [CAMPUS_LAYOUT.id]: CAMPUS_LAYOUT };
