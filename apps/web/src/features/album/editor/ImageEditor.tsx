import type { Screenshot } from '@atrium/protocol';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { useDialogs } from '../../../shared/dialogs/useDialogs.ts';
import { notifySuccess } from '../../../shared/toast/toast.ts';
import { useUpdatePhoto } from '../useAlbum.ts';
import {
  apply,
  canRedo,
  canUndo,
  EditorLimits,
  emptyHistory,
  isDirty,
  redo,
  reset,
  undo,
  type EditOperation,
  type EditorHistory,
} from '../editorHistory.ts';
import { photoDate, photoTitle } from '../format.ts';
import { AlbumText } from '../texts.ts';
import { EditorStage, type CropRect } from './EditorStage.tsx';
import { DEFAULT_FONT_ID, FONTS, loadEditorFont } from './graphics.ts';
import { copyCanvas, exportPng, measureText, renderOperation } from './renderEdits.ts';
import { EditorText } from './texts.ts';
import { ToolIcon } from './ToolIcon.tsx';
import { ToolPanel, type ToolSettings } from './ToolPanel.tsx';
import {
  colorTarget,
  cropFrame,
  DEFAULT_COLORS,
  pickColor,
  TOOLS,
  type ToolName,
} from './tools.ts';
import { useGraphics, usePicture, useRendered } from './useEditorPicture.ts';
import './editor.css';

export interface ImageEditorProps {
  photo: Screenshot;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Another slide: the editor has already asked about unsaved changes; leave editor mode. */
  onNavigate: (delta: -1 | 1) => void;
  /** Back to the photo view (unsaved changes already confirmed away). */
  onClose: () => void;
  /** The edited picture was saved; the album refreshes and shows it. */
  onSaved: (photo: Screenshot) => Promise<void>;
  onDelete: (photo: Screenshot) => void;
  deleting: boolean;
  /** Tells the album whether closing now would lose changes. */
  onDirtyChange: (dirty: boolean) => void;
}

const initialSettings: ToolSettings = {
  text: '',
  fontId: DEFAULT_FONT_ID,
  textSize: EditorLimits.textSize.default,
  graphicId: null,
  graphicSize: 25,
  drawSize: EditorLimits.drawSize.default,
  rotation: 0,
  filter: null,
  filterValue: 50,
  cropRatio: null,
};

/**
 * SPEC §2 Image editor: the photo with the seven tools, undo, redo, reset and finish. Every
 * edit is an operation on the history (editorHistory.ts); the picture shown is the original
 * with the applied operations replayed, plus a preview of the active tool's pending edit.
 */
export default function ImageEditor({
  photo,
  hasPrevious,
  hasNext,
  onNavigate,
  onClose,
  onSaved,
  onDelete,
  deleting,
  onDirtyChange,
}: ImageEditorProps) {
  const { confirm, showError } = useDialogs();
  const picture = usePicture(photo.image);
  const update = useUpdatePhoto();
  const graphics = useGraphics();
  const [history, setHistory] = useState<EditorHistory>(emptyHistory);
  const [tool, setTool] = useState<ToolName | null>(null);
  const [colors, setColors] = useState(DEFAULT_COLORS);
  const [settings, setSettings] = useState<ToolSettings>(initialSettings);
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
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const original = picture.status === 'ready' ? picture.original : null;
  const current = useRendered(original, history.applied, graphics);
  const dirty = isDirty(history);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

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

  /** The edit the active tool would make now; shown as a preview and added on Apply. */
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

  // The preview follows the sliders without blocking them.
  const deferredPending = useDeferredValue(pending);
  const shown = useMemo(() => {
    if (!current || !deferredPending || deferredPending.kind === 'crop') return current;
    return renderOperation(copyCanvas(current), deferredPending, graphics);
  }, [current, deferredPending, graphics]);

  const resetTool = useCallback(() => {
    setSettings((s) => ({ ...s, text: '', graphicId: null, rotation: 0, filter: null }));
    setPlaceState(null);
  }, []);

  const addOperation = (op: EditOperation) => setHistory((h) => apply(h, op));

  const handleApply = () => {
    if (!pending) return;
    addOperation(pending);
    resetTool();
  };

  const handleSelectTool = (next: ToolName) => {
    resetTool();
    setTool((t) => (t === next ? null : next));
  };

  const handleReset = async () => {
    if (
      !(await confirm({
        title: EditorText.resetTitle,
        message: EditorText.resetConfirm,
        confirmLabel: EditorText.reset,
      }))
    ) {
      return;
    }
    setHistory(reset());
    resetTool();
  };

  const askDiscard = async () =>
    !dirty ||
    confirm({
      title: EditorText.discardTitle,
      message: EditorText.discardConfirm,
      confirmLabel: EditorText.discard,
    });

  const handleNavigate = async (delta: -1 | 1) => {
    if (await askDiscard()) onNavigate(delta);
  };

  const handleClose = async () => {
    if (await askDiscard()) onClose();
  };

  const handleFinish = async () => {
    if (savingRef.current || !current) return;
    if (
      !(await confirm({
        title: EditorText.finishTitle,
        message: EditorText.finishConfirm,
        confirmLabel: EditorText.finish,
      }))
    ) {
      return;
    }
    if (!dirty) {
      onClose();
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      const saved = await update.mutateAsync({
        id: photo._id,
        title: photoTitle(photo),
        image: exportPng(current),
      });
      await onSaved(saved);
      notifySuccess(EditorText.saved);
    } catch (error: unknown) {
      void showError({ message: errorMessage(error) });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  // Keyboard: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo; arrows change slide (not in inputs).
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.closest('input, textarea, select')) return;
      if (target instanceof HTMLElement && target.closest('.dialog--confirm')) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        setHistory((h) => (event.shiftKey ? redo(h) : undo(h)));
      } else if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        setHistory(redo);
      } else if (event.key === 'ArrowLeft' && hasPrevious) {
        event.preventDefault();
        void handleNavigate(-1);
      } else if (event.key === 'ArrowRight' && hasNext) {
        event.preventDefault();
        void handleNavigate(1);
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  });

  const target = colorTarget(tool);
  const updated = photoDate(photo);

  return (
    <section className="editor" aria-label={EditorText.editorLabel} aria-busy={saving}>
      <header className="editor__header">
        <button
          type="button"
          className="album-strip__arrow"
          aria-label={EditorText.previousPhoto}
          disabled={!hasPrevious || saving}
          onClick={() => void handleNavigate(-1)}
        >
          ‹
        </button>
        <div className="editor__heading">
          <span className="editor__title">{photoTitle(photo)}</span>
          {updated && <span className="editor__date">{EditorText.lastUpdated(updated)}</span>}
        </div>
        <button
          type="button"
          className="album-strip__arrow"
          aria-label={EditorText.nextPhoto}
          disabled={!hasNext || saving}
          onClick={() => void handleNavigate(1)}
        >
          ›
        </button>
      </header>

      <div className="editor__body">
        <div className="editor-tools" role="toolbar" aria-label={EditorText.tools}>
          {TOOLS.map((name) => (
            <button
              key={name}
              type="button"
              className="editor-tools__tool"
              aria-pressed={tool === name}
              disabled={!current || saving}
              onClick={() => handleSelectTool(name)}
            >
              <ToolIcon tool={name} />
              {EditorText[name]}
            </button>
          ))}
        </div>

        <div className="editor__canvas">
          {picture.status === 'loading' && (
            <p className="editor__status" role="status">
              <span className="editor__spinner" aria-hidden="true" /> {EditorText.loading}
            </p>
          )}
          {picture.status === 'failed' && (
            <p className="editor__status editor__status--error" role="alert">
              {EditorText.loadFailed}
            </p>
          )}
          {shown && (
            <EditorStage
              picture={shown}
              tool={tool}
              draw={{ color: colors.draw, size: settings.drawSize }}
              onStroke={(points) =>
                addOperation({ kind: 'draw', points, size: settings.drawSize, color: colors.draw })
              }
              onPlace={(x, y) => setPlace({ x, y })}
              crop={crop}
              cropRatio={settings.cropRatio}
              onCropChange={setCrop}
            />
          )}
        </div>
        {tool && current ? (
          <ToolPanel
            tool={tool}
            settings={settings}
            onChange={(change) => setSettings((s) => ({ ...s, ...change }))}
            color={target ? colors[target] : null}
            onPickColor={(color) => setColors((c) => pickColor(c, tool, color))}
            canApply={pending !== null}
            onApply={handleApply}
            onCancel={() => {
              resetTool();
              setCrop(null);
            }}
            onFlip={(axis) => addOperation({ kind: 'flip', axis })}
          />
        ) : (
          <p className="editor-panel editor-panel--empty">{current ? EditorText.pickTool : ''}</p>
        )}
      </div>

      <footer className="editor__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={saving}
          onClick={() => void handleClose()}
        >
          {EditorText.closeEditor}
        </button>
        <button
          type="button"
          className="button album-button--danger"
          disabled={deleting || saving}
          onClick={() => onDelete(photo)}
        >
          {AlbumText.delete}
        </button>
        <span className="album-viewer__spacer" />
        <button
          type="button"
          className="button button--secondary"
          disabled={!canUndo(history) || saving}
          onClick={() => setHistory(undo)}
        >
          ↶ {EditorText.undo}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!canRedo(history) || saving}
          onClick={() => setHistory(redo)}
        >
          ↷ {EditorText.redo}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!dirty || saving}
          onClick={() => void handleReset()}
        >
          {EditorText.reset}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!current || saving}
          onClick={() => void handleFinish()}
        >
          {saving ? EditorText.saving : EditorText.finish}
        </button>
      </footer>
    </section>
  );
}
