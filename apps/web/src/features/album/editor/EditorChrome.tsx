import type { Screenshot } from '@atrium/protocol';
import { photoDate, photoTitle } from '../format.ts';
import { AlbumText } from '../texts.ts';
import { EditorText } from './texts.ts';
import { ToolIcon } from './ToolIcon.tsx';
import { TOOLS, type ToolName } from './tools.ts';

/** The photo's title and date between the previous and next arrows. */
export function EditorHeader({
  photo,
  hasPrevious,
  hasNext,
  saving,
  onNavigate,
}: {
  photo: Screenshot;
  hasPrevious: boolean;
  hasNext: boolean;
  saving: boolean;
  onNavigate: (delta: -1 | 1) => void;
}) {
  const updated = photoDate(photo);
  return (
    <header className="editor__header">
      <button
        type="button"
        className="album-strip__arrow"
        aria-label={EditorText.previousPhoto}
        disabled={!hasPrevious || saving}
        onClick={() => onNavigate(-1)}
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
        onClick={() => onNavigate(1)}
      >
        ›
      </button>
    </header>
  );
}

/** The seven tools; the active one is pressed. */
export function EditorToolbar({
  tool,
  disabled,
  onSelect,
}: {
  tool: ToolName | null;
  disabled: boolean;
  onSelect: (tool: ToolName) => void;
}) {
  return (
    <div className="editor-tools" role="toolbar" aria-label={EditorText.tools}>
      {TOOLS.map((name) => (
        <button
          key={name}
          type="button"
          className="editor-tools__tool"
          aria-pressed={tool === name}
          disabled={disabled}
          onClick={() => onSelect(name)}
        >
          <ToolIcon tool={name} />
          {EditorText[name]}
        </button>
      ))}
    </div>
  );
}

export interface EditorActionsProps {
  saving: boolean;
  deleting: boolean;
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  /** A picture to finish (it has loaded). */
  canFinish: boolean;
  onClose: () => void;
  onDelete: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onReset: () => void;
  onFinish: () => void;
}

/** Close and Delete, then the history's Undo, Redo and Reset, and Finish. */
export function EditorActions({
  saving,
  deleting,
  canUndo,
  canRedo,
  dirty,
  canFinish,
  onClose,
  onDelete,
  onUndo,
  onRedo,
  onReset,
  onFinish,
}: EditorActionsProps) {
  return (
    <footer className="editor__actions">
      <button
        type="button"
        className="button button--secondary"
        disabled={saving}
        onClick={onClose}
      >
        {EditorText.closeEditor}
      </button>
      <button
        type="button"
        className="button album-button--danger"
        disabled={deleting || saving}
        onClick={onDelete}
      >
        {AlbumText.delete}
      </button>
      <span className="album-viewer__spacer" />
      <button
        type="button"
        className="button button--secondary"
        disabled={!canUndo || saving}
        onClick={onUndo}
      >
        ↶ {EditorText.undo}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={!canRedo || saving}
        onClick={onRedo}
      >
        ↷ {EditorText.redo}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={!dirty || saving}
        onClick={onReset}
      >
        {EditorText.reset}
      </button>
      <button
        type="button"
        className="button button--primary"
        disabled={!canFinish || saving}
        onClick={onFinish}
      >
        {saving ? EditorText.saving : EditorText.finish}
      </button>
    </footer>
  );
}
