import type { CROP_RATIOS } from '../editorHistory.ts';
import { CropRatioLabel, EditorText } from './texts.ts';

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

/** The swatches offered next to the colour input. */
export const SWATCHES = [
  '#ffffff',
  '#111111',
  '#ff3b30',
  '#ff9500',
  '#ffcc00',
  '#34c759',
  '#00c7be',
  '#3366ff',
  '#af52de',
  '#ff2d55',
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

/** The label of a crop ratio chip: `3:2`, not `1.5`. */
export function cropRatioLabel(ratio: (typeof CROP_RATIOS)[number]): string {
  return ratio === null ? EditorText.cropCustom : CropRatioLabel[ratio];
}
