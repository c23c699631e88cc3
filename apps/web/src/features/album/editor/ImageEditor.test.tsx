// @vitest-environment happy-dom
import type { Screenshot } from '@atrium/protocol';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditOperation } from '../editorHistory.ts';
import type * as Graphics from './graphics.ts';
import type * as RenderEdits from './renderEdits.ts';
import ImageEditor from './ImageEditor.tsx';
import { EditorText, SwatchName } from './texts.ts';
import { SessionProvider } from '../../../shared/session/SessionContext.tsx';
import { createSessionStore } from '../../../shared/session/sessionStore.ts';

// The picture stands in for a canvas: how many operations it replays, shown by the fake stage.
type FakePicture = { width: number; height: number; ops: number };
// One picture per history length, as the real hook keeps one canvas per history.
vi.mock('./useEditorPicture.ts', () => {
  const pictures = new Map<number, FakePicture>();
  return {
    usePicture: () => ({ status: 'ready', original: { width: 640, height: 360, ops: 0 } }),
    useGraphics: () => ({ graphic: () => undefined, load: () => Promise.resolve() }),
    useRendered: (original: FakePicture | null, ops: readonly EditOperation[]) => {
      if (!original) return null;
      const picture = pictures.get(ops.length) ?? { ...original, ops: ops.length };
      pictures.set(ops.length, picture);
      return picture;
    },
  };
});
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
// No 2D canvas here: a text is measured by its length, and previews are the picture itself.
vi.mock('./renderEdits.ts', async (original) => ({
  ...(await original<typeof RenderEdits>()),
  measureText: (text: string) => text.length * 10,
  copyCanvas: (picture: unknown) => picture,
  renderOperation: (picture: unknown) => picture,
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

describe('the image editor by keyboard (issue 27)', () => {
  afterEach(cleanup);

  it('keeps focus in the tool after Add text: the text field, ready for the next one', async () => {
    const user = userEvent.setup();
    const editor = renderEditor();
    await user.click(screen.getByRole('button', { name: EditorText.text }));
    await user.type(screen.getByLabelText(EditorText.textInput, { exact: true }), 'Hello');
    const add = screen.getByRole<HTMLButtonElement>('button', { name: EditorText.addText });
    await expect.poll(() => add.disabled).toBe(false);
    await user.click(add);
    expect(editor.edits()).toBe('1');
    expect(document.activeElement).toBe(
      screen.getByLabelText(EditorText.textInput, { exact: true }),
    );
  });

  it('names the colour swatches for people, not by their hex code', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: EditorText.text }));
    const colours = within(screen.getByRole('group', { name: EditorText.color }));
    expect(colours.getByRole('button', { name: SwatchName.red })).toBeTruthy();
    expect(colours.queryAllByRole('button', { name: /^#/ })).toEqual([]);
  });

  it('makes the graphics one Tab stop that the arrow keys walk, and keeps focus there after Add graphic', async () => {
    const user = userEvent.setup();
    const editor = renderEditor();
    await user.click(screen.getByRole('button', { name: EditorText.graphic }));
    const panel = screen.getByRole('tabpanel');
    // The graphics are radio buttons of one group inside the tab panel, not list items.
    expect(within(panel).queryAllByRole('listitem')).toEqual([]);
    const [first, second] = within(panel).getAllByRole<HTMLInputElement>('radio');
    if (!first || !second) throw new Error('no graphics');
    expect(first.name).toBe(second.name);

    // From the tab list, Tab reaches the first graphic; the arrow keys pick the next.
    act(() => screen.getByRole('tab', { selected: true }).focus());
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowRight}');
    expect(second.checked).toBe(true);
    expect(document.activeElement).toBe(second);
    // One Tab leaves the whole grid for the Size slider.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('slider', { name: EditorText.size }));

    const add = screen.getByRole<HTMLButtonElement>('button', { name: EditorText.addGraphic });
    await expect.poll(() => add.disabled).toBe(false);
    await user.click(add);
    expect(editor.edits()).toBe('1');
    expect(document.activeElement).toBe(second);
  });

  it('moves and sizes the crop frame with sliders, without a drag (WCAG 2.5.7)', async () => {
    const user = userEvent.setup();
    const editor = renderEditor();
    await user.click(screen.getByRole('button', { name: EditorText.crop }));
    const frame = within(screen.getByRole('group', { name: EditorText.cropFrame }));
    const slider = (name: string) => frame.getByRole<HTMLInputElement>('slider', { name });
    // The custom frame starts at 80 % of the 640 × 360 picture, centred.
    expect(slider(EditorText.cropLeft).value).toBe('64');
    expect(slider(EditorText.cropWidth).value).toBe('512');
    fireEvent.change(slider(EditorText.cropLeft), { target: { value: '0' } });
    fireEvent.change(slider(EditorText.cropWidth), { target: { value: '200' } });
    fireEvent.change(slider(EditorText.cropHeight), { target: { value: '100' } });
    expect(slider(EditorText.cropLeft).value).toBe('0');
    expect(slider(EditorText.cropWidth).value).toBe('200');
    // The frame can now go further right.
    expect(slider(EditorText.cropLeft).max).toBe('440');
    await user.click(screen.getByRole('button', { name: EditorText.apply }));
    expect(editor.edits()).toBe('1');
  });
});
