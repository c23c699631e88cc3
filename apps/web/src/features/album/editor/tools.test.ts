import { describe, expect, it } from 'vitest';
import { CROP_RATIOS } from '../editorHistory.ts';
import { EditorText } from './texts.ts';
import {
  colorTarget,
  cropFrame,
  cropRatioLabel,
  DEFAULT_COLORS,
  fitCrop,
  MIN_CROP,
  pickColor,
  TOOLS,
} from './tools.ts';

describe('editor tools', () => {
  it('has the seven tools of SPEC §2', () => {
    expect(TOOLS).toEqual(['text', 'graphic', 'draw', 'rotate', 'adjust', 'flip', 'crop']);
  });

  it('sends a colour pick to the active tool only (draw, text, adjust)', () => {
    expect(colorTarget('draw')).toBe('draw');
    expect(colorTarget('text')).toBe('text');
    expect(colorTarget('adjust')).toBe('adjust');
    for (const tool of ['graphic', 'rotate', 'flip', 'crop', null] as const) {
      expect(colorTarget(tool)).toBeNull();
      expect(pickColor(DEFAULT_COLORS, tool, '#00ff00')).toBe(DEFAULT_COLORS);
    }
    const picked = pickColor(DEFAULT_COLORS, 'text', '#00FF00');
    expect(picked).toEqual({ ...DEFAULT_COLORS, text: '#00ff00' });
    expect(pickColor(picked, 'draw', '#123456')).toEqual({
      ...DEFAULT_COLORS,
      text: '#00ff00',
      draw: '#123456',
    });
  });

  it('ignores a colour that is not #rrggbb', () => {
    expect(pickColor(DEFAULT_COLORS, 'draw', 'red')).toBe(DEFAULT_COLORS);
    expect(pickColor(DEFAULT_COLORS, 'draw', '#fff')).toBe(DEFAULT_COLORS);
  });

  it('frames a crop with the chosen ratio, as large as fits, centred', () => {
    const size = { width: 1920, height: 1080 };
    expect(cropFrame(size, 1)).toEqual({ x: 420, y: 0, width: 1080, height: 1080 });
    expect(cropFrame(size, 0.75)).toEqual({ x: 555, y: 0, width: 810, height: 1080 });
    expect(cropFrame(size, 1.78)).toEqual({ x: 0, y: 1, width: 1920, height: 1079 });
    expect(cropFrame({ width: 1000, height: 1000 }, 1.5)).toEqual({
      x: 0,
      y: 167,
      width: 1000,
      height: 667,
    });
    expect(cropFrame(size, null)).toEqual({ x: 192, y: 108, width: 1536, height: 864 });
    for (const ratio of CROP_RATIOS) {
      const frame = cropFrame(size, ratio);
      expect(frame.x + frame.width).toBeLessThanOrEqual(size.width);
      expect(frame.y + frame.height).toBeLessThanOrEqual(size.height);
    }
  });

  it('labels the crop ratios as people know them, each close to the spec value behind it', () => {
    expect(CROP_RATIOS.map(cropRatioLabel)).toEqual([
      EditorText.cropCustom,
      '1:1',
      '3:2',
      '4:3',
      '3:4',
      '5:4',
      '7:5',
      '16:9',
    ]);
    for (const ratio of CROP_RATIOS) {
      if (ratio === null) continue;
      const [w, h] = cropRatioLabel(ratio).split(':').map(Number);
      // The spec rounds (1.3 for 4:3, 1.78 for 16:9); the label must name that same shape.
      expect(Math.abs(w! / h! - ratio)).toBeLessThan(0.04);
    }
  });

  it('keeps a moved or resized crop frame inside the picture, at its ratio, in whole pixels', () => {
    const size = { width: 640, height: 360 };
    // Moved past the right edge: it stops there.
    expect(fitCrop(size, { x: 600, y: 10, width: 100, height: 50 }, null)).toEqual({
      x: 540,
      y: 10,
      width: 100,
      height: 50,
    });
    // Sized at 1:1, the width decides the height; never larger than the picture.
    expect(fitCrop(size, { x: 0, y: 0, width: 500.4, height: 20 }, 1)).toEqual({
      x: 0,
      y: 0,
      width: 360,
      height: 360,
    });
    expect(fitCrop(size, { x: -5, y: -5, width: 2, height: 2 }, null)).toEqual({
      x: 0,
      y: 0,
      width: MIN_CROP,
      height: MIN_CROP,
    });
  });
});
