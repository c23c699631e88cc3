// @vitest-environment happy-dom
import type { Screenshot } from '@atrium/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditOperation } from '../editorHistory.ts';
import type * as Graphics from './graphics.ts';
import ImageEditor from './ImageEditor.tsx';
import { EditorText } from './texts.ts';
import { SessionProvider } from '../../../shared/session/SessionContext.tsx';
import { createSessionStore } from '../../../shared/session/sessionStore.ts';

// The picture stands in for a canvas: how many operations it replays, shown by the fake stage.
type FakePicture = { width: number; height: number; ops: number };
vi.mock('./useEditorPicture.ts', () => ({
  usePicture: () => ({ status: 'ready', original: { width: 640, height: 360, ops: 0 } }),
  useGraphics: () => ({ graphic: () => undefined, load: () => Promise.resolve() }),
  useRendered: (original: FakePicture | null, ops: readonly EditOperation[]) =>
    original ? { ...original, ops: ops.length } : null,
}));
vi.mock('./EditorStage.tsx', () => ({
  EditorStage: ({
    picture,
    onStroke,
  }: {
    picture: FakePicture;
    onStroke: (points: number[]) => void;
  }) => (
    <div>
      <output aria-label="edits">{picture.ops}</output>
      <button type="button" onClick={() => onStroke([0, 0, 10, 10])}>
        stroke
      </button>
    </div>
  ),
}));
vi.mock('./graphics.ts', async (original) => ({
  ...(await original<typeof Graphics>()),
  loadEditorFont: () => Promise.resolve(),
}));
vi.mock('../../../shared/dialogs/useDialogs.ts', () => ({
  useDialogs: () => ({ confirm: () => Promise.resolve(true), showError: vi.fn() }),
}));

const photo: Screenshot = {
  _id: 'p1',
  user_id: 'u1',
  screenshot_title: 'Plaza',
  place_id: 'campus:plaza',
  description: '',
  image: '/files/p1.png',
  image_thumb: '/files/p1_thumb.png',
  width: 640,
  height: 360,
  createdAt: '2026-11-22T10:40:00.000Z',
  updatedAt: '2026-11-22T10:40:00.000Z',
  modifiedDate: '2026-11-22T10:40:00.000Z',
};

function renderEditor() {
  const dirty = vi.fn();
  // The real session store and query client: undo and redo never save, so no request may go out.
  const store = createSessionStore({
    fetch: () => Promise.reject(new Error('the editor called the server')),
    storage: null,
  });
  render(
    <SessionProvider store={store}>
      <QueryClientProvider client={new QueryClient()}>
        <ImageEditor
          photo={photo}
          hasPrevious={false}
          hasNext={false}
          onNavigate={() => undefined}
          onClose={() => undefined}
          onSaved={() => Promise.resolve()}
          onDelete={() => undefined}
          deleting={false}
          onDirtyChange={dirty}
        />
      </QueryClientProvider>
    </SessionProvider>,
  );
  const button = (name: string) =>
    screen.getByRole<HTMLButtonElement>('button', { name: new RegExp(name) });
  return {
    dirty,
    edits: () => screen.getByRole('status', { name: 'edits' }).textContent,
    undo: () => button(EditorText.undo),
    redo: () => button(EditorText.redo),
    reset: () => button(EditorText.reset),
    stroke: () => button('stroke'),
  };
}

describe('the image editor’s history', () => {
  afterEach(cleanup);

  it('undoes and redoes strokes with the buttons, in order', async () => {
    const user = userEvent.setup();
    const editor = renderEditor();
    expect(editor.undo().disabled).toBe(true);
    expect(editor.redo().disabled).toBe(true);
    expect(editor.reset().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: EditorText.draw }));
    await user.click(editor.stroke());
    await user.click(editor.stroke());
    expect(editor.edits()).toBe('2');
    expect(editor.undo().disabled).toBe(false);
    expect(editor.redo().disabled).toBe(true);
    expect(editor.dirty).toHaveBeenLastCalledWith(true);

    await user.click(editor.undo());
    expect(editor.edits()).toBe('1');
    expect(editor.redo().disabled).toBe(false);
    await user.click(editor.undo());
    expect(editor.edits()).toBe('0');
    expect(editor.undo().disabled).toBe(true);
    expect(editor.dirty).toHaveBeenLastCalledWith(false);

    await user.click(editor.redo());
    expect(editor.edits()).toBe('1');
    // A new edit after an undo drops what could have been redone.
    await user.click(editor.stroke());
    expect(editor.edits()).toBe('2');
    expect(editor.redo().disabled).toBe(true);
  });

  it('answers Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y', async () => {
    const user = userEvent.setup();
    const editor = renderEditor();
    await user.click(screen.getByRole('button', { name: EditorText.draw }));
    await user.click(editor.stroke());
    await user.click(editor.stroke());

    await user.keyboard('{Control>}z{/Control}');
    expect(editor.edits()).toBe('1');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(editor.edits()).toBe('2');
    await user.keyboard('{Control>}z{/Control}{Control>}z{/Control}');
    expect(editor.edits()).toBe('0');
    await user.keyboard('{Control>}y{/Control}');
    expect(editor.edits()).toBe('1');
  });

  it('resets to the original after confirming', async () => {
    const user = userEvent.setup();
    const editor = renderEditor();
    await user.click(screen.getByRole('button', { name: EditorText.draw }));
    await user.click(editor.stroke());
    await user.click(editor.reset());
    expect(editor.edits()).toBe('0');
    expect(editor.undo().disabled).toBe(true);
    expect(editor.reset().disabled).toBe(true);
  });
});
