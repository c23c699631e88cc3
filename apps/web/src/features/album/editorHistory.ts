/**
 * The image editor's history (DESIGN.md: the edit history is a list of operations). The picture
 * on screen is always the original with `applied` replayed in order, so undo, redo and reset
 * never need pixel snapshots, and saving sends one flattened image.
 */

/** SPEC §5 and §9 limits of the editor's tools. */
export const EditorLimits = {
  textSize: { min: 10, max: 500, default: 150 },
  drawSize: { min: 10, max: 50, default: 10 },
  rotation: { min: -50, max: 50 },
  filter: { min: 10, max: 100 },
} as const;

/** SPEC §9 crop ratios; `null` is the custom (free) ratio. */
export const CROP_RATIOS = [null, 1, 1.5, 1.3, 0.75, 1.25, 1.4, 1.78] as const;

export const FILTERS = [
  'grayscale',
  'blur',
  'emboss',
  'sharpen',
  'sepia',
  'invert',
  'brightness',
  'noise',
  'pixelate',
  'threshold',
  'blend',
] as const;
export type FilterName = (typeof FILTERS)[number];

/**
 * One edit. Coordinates are in the pixels of the picture as it is when the edit applies (after
 * the crops and rotations before it). `font` is a CSS font family; `points` is x0, y0, x1, y1, ….
 */
export type EditOperation =
  | { kind: 'text'; text: string; x: number; y: number; size: number; color: string; font: string }
  | { kind: 'draw'; points: readonly number[]; size: number; color: string }
  | { kind: 'sticker'; id: string; x: number; y: number; width: number; height: number }
  | { kind: 'rotate'; degrees: number }
  | { kind: 'flip'; axis: 'x' | 'y' }
  | { kind: 'crop'; x: number; y: number; width: number; height: number }
  | { kind: 'filter'; name: FilterName; value: number; color?: string };

export interface EditorHistory {
  /** Operations in effect, oldest first. */
  readonly applied: readonly EditOperation[];
  /** Undone operations, the most recently undone last. */
  readonly undone: readonly EditOperation[];
}

export const emptyHistory: EditorHistory = { applied: [], undone: [] };

const clamp = (value: number, { min, max }: { min: number; max: number }) =>
  Math.min(max, Math.max(min, value));

/** Brings an operation's numbers inside the spec's limits; `null` for one that does nothing. */
export function normalizeOperation(op: EditOperation): EditOperation | null {
  switch (op.kind) {
    case 'text':
      return op.text.trim() === '' ? null : { ...op, size: clamp(op.size, EditorLimits.textSize) };
    case 'draw':
      return op.points.length < 4 ? null : { ...op, size: clamp(op.size, EditorLimits.drawSize) };
    case 'rotate': {
      const degrees = clamp(op.degrees, EditorLimits.rotation);
      return degrees === 0 ? null : { ...op, degrees };
    }
    case 'crop':
      return op.width < 1 || op.height < 1 ? null : op;
    case 'sticker':
      return op.width < 1 || op.height < 1 ? null : op;
    case 'filter':
      return { ...op, value: clamp(op.value, EditorLimits.filter) };
    default:
      return op;
  }
}

/** Applies an operation: it goes on the list, and the redo stack is cleared. */
export function apply(history: EditorHistory, op: EditOperation): EditorHistory {
  const normal = normalizeOperation(op);
  if (!normal) return history;
  return { applied: [...history.applied, normal], undone: [] };
}

/** Takes the last operation back; nothing happens when there is none (Undo is disabled). */
export function undo(history: EditorHistory): EditorHistory {
  const last = history.applied.at(-1);
  if (!last) return history;
  return { applied: history.applied.slice(0, -1), undone: [...history.undone, last] };
}

/** Puts the last undone operation back; nothing happens when there is none (Redo is disabled). */
export function redo(history: EditorHistory): EditorHistory {
  const next = history.undone.at(-1);
  if (!next) return history;
  return { applied: [...history.applied, next], undone: history.undone.slice(0, -1) };
}

/** SPEC §4: reset restores the original picture. */
export function reset(): EditorHistory {
  return emptyHistory;
}

export const canUndo = (history: EditorHistory): boolean => history.applied.length > 0;
export const canRedo = (history: EditorHistory): boolean => history.undone.length > 0;
/** Unsaved changes: switching pictures asks first (SPEC §4). */
export const isDirty = (history: EditorHistory): boolean => history.applied.length > 0;

/** SPEC §5: brightness and threshold take the slider value divided by 255. */
export function filterAmount(name: FilterName, sliderValue: number): number {
  const value = clamp(sliderValue, EditorLimits.filter);
  return name === 'brightness' || name === 'threshold' ? value / 255 : value;
}
