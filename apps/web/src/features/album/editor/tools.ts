import type { CROP_RATIOS } from '../editorHistory.ts';
import { CropRatioLabel, EditorText, SwatchName } from './texts.ts';

/** The editor's tools and which of them a colour pick belongs to (SPEC §2). */
export const TOOLS = ['text', 'graphic', 'draw', 'rotate', 'adjust', 'flip', 'crop'] as const;
export type ToolName = (typeof TOOLS)[number];

/** The tools that use a colour; each keeps its own. */
export type ColorTarget = 'text' | 'draw' | 'adjust';

/** SPEC §2: the active tool (draw, text, adjust) decides what a colour pick applies to. */
export function colorTarget(tool: ToolName | null): ColorTarget | null {
  return tool === 'text' || tool === 'draw' || tool === 'adjust' ? tool : null;
}

export type ToolColors = Readonly<Record<ColorTarget, string>>;

export const DEFAULT_COLORS: ToolColors = { text: '#ffffff', draw: '#ff3b30', adjust: '#3366ff' };

/** A colour pick while `tool` is active: changes that tool's colour only, or nothing. */
export function pickColor(colors: ToolColors, tool: ToolName | null, color: string): ToolColors {
  const target = colorTarget(tool);
  if (!target || !/^#[0-9a-f]{6}$/i.test(color)) return colors;
  return { ...colors, [target]: color.toLowerCase() };
}

/** The swatches offered next to the colour input, each named for people (not by its hex code). */
export const SWATCHES = [
  { color: '#ffffff', name: SwatchName.white },
  { color: '#111111', name: SwatchName.black },
  { color: '#ff3b30', name: SwatchName.red },
  { color: '#ff9500', name: SwatchName.orange },
  { color: '#ffcc00', name: SwatchName.yellow },
  { color: '#34c759', name: SwatchName.green },
  { color: '#00c7be', name: SwatchName.teal },
  { color: '#3366ff', name: SwatchName.blue },
  { color: '#af52de', name: SwatchName.purple },
  { color: '#ff2d55', name: SwatchName.pink },
] as const;

/** The crop frame for `ratio` (width / height; `null` = custom): the largest centred one. */
export function cropFrame(
  size: { width: number; height: number },
  ratio: number | null,
): { x: number; y: number; width: number; height: number } {
  if (ratio === null) {
    const width = Math.round(size.width * 0.8);
    const height = Math.round(size.height * 0.8);
    return {
      x: Math.round((size.width - width) / 2),
      y: Math.round((size.height - height) / 2),
      width,
      height,
    };
  }
  let width = size.width;
  let height = Math.round(width / ratio);
  if (height > size.height) {
    height = size.height;
    width = Math.round(height * ratio);
  }
  return {
    x: Math.round((size.width - width) / 2),
    y: Math.round((size.height - height) / 2),
    width,
    height,
  };
}

/** The smallest crop frame side, in picture pixels. */
export const MIN_CROP = 16;

/** A crop frame in picture pixels. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * `frame` made a crop frame of the picture: at least MIN_CROP a side, at `ratio` (width /
 * height; `null` = any), inside the picture, in whole pixels. A drag of the frame or its handles
 * and the crop sliders both go through it.
 */
export function fitCrop(
  size: { width: number; height: number },
  frame: CropRect,
  ratio: number | null,
): CropRect {
  let width = Math.max(MIN_CROP, frame.width);
  let height = Math.max(MIN_CROP, frame.height);
  if (ratio !== null) height = width / ratio;
  width = Math.min(width, size.width);
  height = Math.min(height, size.height);
  if (ratio !== null && height * ratio > width) height = width / ratio;
  if (ratio !== null && width / ratio > height) width = height * ratio;
  const x = Math.min(Math.max(0, frame.x), size.width - width);
  const y = Math.min(Math.max(0, frame.y), size.height - height);
  return {
    x: Math.round(x),
    y: Math.round(y),
    width: Math.round(width),
    height: Math.round(height),
  };
}

/** The label of a crop ratio chip: `3:2`, not `1.5`. */
export function cropRatioLabel(ratio: (typeof CROP_RATIOS)[number]): string {
  return ratio === null ? EditorText.cropCustom : CropRatioLabel[ratio];
}
