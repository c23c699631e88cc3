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
import { photoTitle } from '../format.ts';
import { EditorStage } from './EditorStage.tsx';
import { EditorActions, EditorHeader, EditorToolbar } from './EditorChrome.tsx';
import { DEFAULT_FONT_ID } from './graphics.ts';
import { copyCanvas, exportPng, renderOperation } from './renderEdits.ts';
import { EditorText } from './texts.ts';
import { ToolPanel, type ToolSettings } from './ToolPanel.tsx';
import { colorTarget, DEFAULT_COLORS, pickColor, type ToolName } from './tools.ts';
import { useEditorKeys } from './useEditorKeys.ts';
import { useGraphics, usePicture, useRendered } from './useEditorPicture.ts';
import { usePendingEdit } from './usePendingEdit.ts';
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
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  const original = picture.status === 'ready' ? picture.original : null;
  const current = useRendered(original, history.applied, graphics);
  const dirty = isDirty(history);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const { pending, crop, setPlace, setCrop, clearPlace } = usePendingEdit(
    current,
    tool,
    settings,
    colors,
    graphics,
  );

  // The preview follows the sliders without blocking them.
  const deferredPending = useDeferredValue(pending);
  const shown = useMemo(() => {
    if (!current || !deferredPending || deferredPending.kind === 'crop') return current;
    return renderOperation(copyCanvas(current), deferredPending, graphics);
  }, [current, deferredPending, graphics]);

  const resetTool = useCallback(() => {
    setSettings((s) => ({ ...s, text: '', graphicId: null, rotation: 0, filter: null }));
    clearPlace();
  }, [clearPlace]);

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

  useEditorKeys(setHistory, {
    hasPrevious,
    hasNext,
    go: (delta) => void handleNavigate(delta),
  });

  const target = colorTarget(tool);

  return (
    <section className="editor" aria-label={EditorText.editorLabel} aria-busy={saving}>
      <EditorHeader
        photo={photo}
        hasPrevious={hasPrevious}
        hasNext={hasNext}
        saving={saving}
        onNavigate={(delta) => void handleNavigate(delta)}
      />

      <div className="editor__body">
        <EditorToolbar tool={tool} disabled={!current || saving} onSelect={handleSelectTool} />

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
            crop={crop ? { frame: crop, picture: current } : undefined}
            onCropChange={setCrop}
          />
        ) : (
          <p className="editor-panel editor-panel--empty">{current ? EditorText.pickTool : ''}</p>
        )}
      </div>

      <EditorActions
        saving={saving}
        deleting={deleting}
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        dirty={dirty}
        canFinish={current !== null}
        onClose={() => void handleClose()}
        onDelete={() => onDelete(photo)}
        onUndo={() => setHistory(undo)}
        onRedo={() => setHistory(redo)}
        onReset={() => void handleReset()}
        onFinish={() => void handleFinish()}
      />
    </section>
  );
}
