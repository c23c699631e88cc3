import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EditOperation } from '../editorHistory.ts';
import { FONTS, loadEditorFont } from './graphics.ts';
import { measureText } from './renderEdits.ts';
import type { ToolSettings } from './ToolPanel.tsx';
import { cropFrame, type CropRect, type ToolColors, type ToolName } from './tools.ts';
import type { useGraphics } from './useEditorPicture.ts';

export interface PendingEdit {
  /** The edit the active tool would make now; shown as a preview and added on Apply. */
  pending: EditOperation | null;
  /** The crop frame on the current picture. */
  crop: CropRect | null;
  setPlace: (point: { x: number; y: number } | null) => void;
  setCrop: (rect: CropRect | null) => void;
  /** Forgets the placement point (the tool was reset). */
  clearPlace: () => void;
}

/**
 * The active tool's pending edit on `current`: where a text or graphic goes (the clicked point,
 * or the centre), the crop frame, and whether the font and graphic it needs have loaded.
 */
export function usePendingEdit(
  current: HTMLCanvasElement | null,
  tool: ToolName | null,
  settings: ToolSettings,
  colors: ToolColors,
  graphics: ReturnType<typeof useGraphics>,
): PendingEdit {
  // Placement point and crop frame belong to one picture: after a crop or rotate they start over.
  const [placeState, setPlaceState] = useState<{
    on: HTMLCanvasElement;
    x: number;
    y: number;
  } | null>(null);
  const [cropState, setCropState] = useState<{
    on: HTMLCanvasElement;
    ratio: number | null;
    rect: CropRect;
  } | null>(null);
  const [fontsReady, setFontsReady] = useState(0);
  const [graphicReady, setGraphicReady] = useState<string | null>(null);

  const font = FONTS.find((f) => f.id === settings.fontId) ?? FONTS[0]!;
  useEffect(() => {
    let live = true;
    loadEditorFont(font)
      .then(() => live && setFontsReady((n) => n + 1))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [font]);

  useEffect(() => {
    const id = settings.graphicId;
    if (!id) return;
    let live = true;
    graphics
      .load(id)
      .then(() => live && setGraphicReady(id))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [settings.graphicId, graphics]);

  const place = placeState && placeState.on === current ? placeState : null;
  const setPlace = (point: { x: number; y: number } | null) =>
    setPlaceState(point && current ? { on: current, ...point } : null);
  const crop = useMemo(() => {
    if (!current) return null;
    if (cropState?.on === current && cropState.ratio === settings.cropRatio) return cropState.rect;
    return cropFrame(current, settings.cropRatio);
  }, [current, cropState, settings.cropRatio]);
  const setCrop = (rect: CropRect | null) =>
    setCropState(rect && current ? { on: current, ratio: settings.cropRatio, rect } : null);
  const clearPlace = useCallback(() => setPlaceState(null), []);

  const pending = useMemo((): EditOperation | null => {
    if (!current) return null;
    const at = place ?? {
      x: Math.round(current.width / 2),
      y: Math.round(current.height / 2),
    };
    switch (tool) {
      case 'text': {
        if (!settings.text.trim() || fontsReady === 0) return null;
        // Centred on the clicked point, or on the picture.
        const width = measureText(settings.text, settings.textSize, font.family);
        return {
          kind: 'text',
          text: settings.text,
          x: Math.round(at.x - width / 2),
          y: Math.round(at.y - settings.textSize / 2),
          size: settings.textSize,
          color: colors.text,
          font: font.family,
        };
      }
      case 'graphic': {
        if (!settings.graphicId || graphicReady !== settings.graphicId) return null;
        const side = Math.round(
          (Math.min(current.width, current.height) * settings.graphicSize) / 100,
        );
        return {
          kind: 'sticker',
          id: settings.graphicId,
          x: at.x - side / 2,
          y: at.y - side / 2,
          width: side,
          height: side,
        };
      }
      case 'rotate':
        return settings.rotation === 0 ? null : { kind: 'rotate', degrees: settings.rotation };
      case 'adjust':
        return settings.filter
          ? {
              kind: 'filter',
              name: settings.filter,
              value: settings.filterValue,
              color: colors.adjust,
            }
          : null;
      case 'crop':
        return crop ? { kind: 'crop', ...crop } : null;
      default:
        return null;
    }
  }, [current, tool, settings, colors, place, font, fontsReady, graphicReady, crop]);

  return { pending, crop, setPlace, setCrop, clearPlace };
}
