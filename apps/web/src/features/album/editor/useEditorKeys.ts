import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { redo, undo, type EditorHistory } from '../editorHistory.ts';

/**
 * The editor's keyboard: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo; arrows change slide
 * (not in inputs, nor while a confirmation is open).
 */
export function useEditorKeys(
  setHistory: Dispatch<SetStateAction<EditorHistory>>,
  navigate: { hasPrevious: boolean; hasNext: boolean; go: (delta: -1 | 1) => void },
): void {
  const { hasPrevious, hasNext, go } = navigate;
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
        go(-1);
      } else if (event.key === 'ArrowRight' && hasNext) {
        event.preventDefault();
        go(1);
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  });
}
