/**
 * A small isometric campus drawn from a list of boxes, so the shell has a picture of the product
 * without shipping an image file. Purely decorative: hidden from assistive technology.
 */

interface Box {
  x: number;
  y: number;
  z?: number;
  w: number;
  d: number;
  h: number;
  top: string;
  left: string;
  right: string;
  windows?: boolean;
}

interface Shape {
  points: string;
  fill: string;
  depth: number;
}

const SCALE = 22;
const COS = Math.cos(Math.PI / 6);

function projectPoint(x: number, y: number, z: number): [number, number] {
  return [(x - y) * COS * SCALE, ((x + y) * 0.5 - z) * SCALE];
}

function project(x: number, y: number, z: number): string {
  const [screenX, screenY] = projectPoint(x, y, z);
  return `${screenX.toFixed(1)},${screenY.toFixed(1)}`;
}

function quad(corners: [number, number, number][]): string {
  return corners.map(([x, y, z]) => project(x, y, z)).join(' ');
}

function windowsOnFaces(box: Box, depth: number): Shape[] {
  const { x, y, w, d, h } = box;
  const z0 = box.z ?? 0;
  const shapes: Shape[] = [];
  for (let level = 0.5; level + 0.45 <= h - 0.25; level += 0.85) {
    const bottom = z0 + level;
    const top = bottom + 0.45;
    // Windows on the right-hand face (x = x + w), spaced along y.
    for (let along = 0.3; along + 0.45 <= d - 0.2; along += 0.8) {
      shapes.push({
        points: quad([
          [x + w, y + along, bottom],
          [x + w, y + along + 0.45, bottom],
          [x + w, y + along + 0.45, top],
          [x + w, y + along, top],
        ]),
        fill: 'rgb(255 255 255 / 0.28)',
        depth,
      });
    }
    // Windows on the left-hand face (y = y + d), spaced along x.
    for (let along = 0.3; along + 0.45 <= w - 0.2; along += 0.8) {
      shapes.push({
        points: quad([
          [x + along, y + d, bottom],
          [x + along + 0.45, y + d, bottom],
          [x + along + 0.45, y + d, top],
          [x + along, y + d, top],
        ]),
        fill: 'rgb(255 255 255 / 0.4)',
        depth,
      });
    }
  }
  return shapes;
}

function boxShapes(box: Box): Shape[] {
  const { x, y, w, d, h } = box;
  const z0 = box.z ?? 0;
  const z1 = z0 + h;
  // Painter's order: boxes nearer the viewer (larger x + y) are drawn later.
  const depth = x + w + y + d;
  const faces: Shape[] = [
    {
      points: quad([
        [x, y + d, z0],
        [x + w, y + d, z0],
        [x + w, y + d, z1],
        [x, y + d, z1],
      ]),
      fill: box.left,
      depth,
    },
    {
      points: quad([
        [x + w, y, z0],
        [x + w, y + d, z0],
        [x + w, y + d, z1],
        [x + w, y, z1],
      ]),
      fill: box.right,
      depth,
    },
    {
      points: quad([
        [x, y, z1],
        [x + w, y, z1],
        [x + w, y + d, z1],
        [x, y + d, z1],
      ]),
      fill: box.top,
      depth,
    },
  ];
  return box.windows ? [...faces, ...windowsOnFaces(box, depth)] : faces;
}

const indigo = { top: '#e0e7ff', left: '#818cf8', right: '#4f46e5' };
const indigoLight = { top: '#eef2ff', left: '#a5b4fc', right: '#6366f1' };
const teal = { top: '#ccfbf1', left: '#2dd4bf', right: '#0d9488' };
const trunk = { top: '#a16207', left: '#a16207', right: '#854d0e' };
const canopy = { top: '#bbf7d0', left: '#4ade80', right: '#16a34a' };
const GROUND = 0.5;

function tree(x: number, y: number): Box[] {
  return [
    { x: x + 0.2, y: y + 0.2, z: GROUND, w: 0.3, d: 0.3, h: 0.6, ...trunk },
    { x, y, z: GROUND + 0.6, w: 0.7, d: 0.7, h: 0.8, ...canopy },
  ];
}

const boxes: Box[] = [
  { x: 2, y: 1, z: GROUND, w: 5, d: 3, h: 3.2, ...indigo, windows: true },
  { x: 7.8, y: 1.2, z: GROUND, w: 2.8, d: 4.6, h: 4.6, ...teal, windows: true },
  { x: 1, y: 5.6, z: GROUND, w: 2.8, d: 4.2, h: 2.2, ...indigoLight, windows: true },
  { x: 5.2, y: 5.6, z: GROUND, w: 2.6, d: 2.6, h: 1.2, ...indigoLight },
  ...tree(9.2, 7.4),
  ...tree(10.4, 9.6),
  ...tree(5.6, 10.4),
  ...tree(0.8, 11),
];

const ground: Shape[] = [
  {
    points: quad([
      [0, 12, 0],
      [12, 12, 0],
      [12, 12, GROUND],
      [0, 12, GROUND],
    ]),
    fill: '#c7cce0',
    depth: -2,
  },
  {
    points: quad([
      [12, 0, 0],
      [12, 12, 0],
      [12, 12, GROUND],
      [12, 0, GROUND],
    ]),
    fill: '#aab1cb',
    depth: -2,
  },
  {
    points: quad([
      [0, 0, GROUND],
      [12, 0, GROUND],
      [12, 12, GROUND],
      [0, 12, GROUND],
    ]),
    fill: '#ffffff',
    depth: -2,
  },
  {
    points: quad([
      [4.4, 4.8, GROUND],
      [8.6, 4.8, GROUND],
      [8.6, 12, GROUND],
      [4.4, 12, GROUND],
    ]),
    fill: '#e3f5f2',
    depth: -1,
  },
];

const shapes = [...ground, ...boxes.flatMap(boxShapes)].sort((a, b) => a.depth - b.depth);

// The glass roof of the central pavilion: a pyramid, drawn after its box.
const roofApex: [number, number, number] = [6.5, 6.9, GROUND + 2.4];
const roofBase = GROUND + 1.2;
const roof: Shape[] = [
  {
    points: quad([[5.2, 8.2, roofBase], [7.8, 8.2, roofBase], roofApex]),
    fill: '#5eead4',
    depth: 0,
  },
  {
    points: quad([[7.8, 5.6, roofBase], [7.8, 8.2, roofBase], roofApex]),
    fill: '#14b8a6',
    depth: 0,
  },
];

const avatars = [
  { x: 6.1, y: 9.4, color: '#f59e0b' },
  { x: 7, y: 10.2, color: '#e11d48' },
  { x: 5.1, y: 11.3, color: '#4338ca' },
  { x: 8.2, y: 11.6, color: '#0f766e' },
];

function viewBox(): string {
  const padding = 12;
  const minX = -12 * COS * SCALE - padding;
  const maxX = 12 * COS * SCALE + padding;
  const minY = -5 * SCALE - padding;
  const maxY = (12 + 0.2) * SCALE + padding;
  return `${minX.toFixed(0)} ${minY.toFixed(0)} ${(maxX - minX).toFixed(0)} ${(maxY - minY).toFixed(0)}`;
}

export interface CampusIllustrationProps {
  className?: string;
}

/** The isometric campus picture used on the landing and metaverse pages. */
export function CampusIllustration({ className }: CampusIllustrationProps) {
  return (
    <svg
      className={className}
      viewBox={viewBox()}
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      {shapes.map((shape, index) => (
        <polygon key={index} points={shape.points} fill={shape.fill} />
      ))}
      {roof.map((shape, index) => (
        <polygon key={`roof-${index}`} points={shape.points} fill={shape.fill} opacity={0.9} />
      ))}
      {avatars.map((avatar) => {
        const [cx, cy] = projectPoint(avatar.x, avatar.y, GROUND);
        return (
          <g key={`${avatar.x}-${avatar.y}`} fill={avatar.color}>
            <ellipse cx={cx} cy={cy - 9} rx={5} ry={8} />
            <circle cx={cx} cy={cy - 21} r={4.5} />
          </g>
        );
      })}
    </svg>
  );
}
