import { WORLD_LAYOUTS, type Poster } from '@atrium/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { useDialogs } from '../../../shared/dialogs/useDialogs.ts';
import { notifyError } from '../../../shared/toast/toast.ts';
import { DataTable, useServerTable } from '../DataTable.tsx';
import { toastResult } from '../notify.ts';
import { useFocusAfterRemoval } from '../useFocusAfterRemoval.ts';
import { ContentSection } from './ContentSection.tsx';
import { PosterDialog } from './PosterDialog.tsx';
import { nextSlot, slotMoves } from './posterForm.ts';
import { posterColumns, type PosterTableMeta } from './postersColumns.tsx';
import { ContentText as T } from './texts.ts';
import { usePosterMutations, usePosters } from './useContent.ts';

const WORLDS = Object.keys(WORLD_LAYOUTS);
const NO_POSTERS: Poster[] = [];

type PosterDialogState = { kind: 'add' } | { kind: 'edit'; poster: Poster } | null;

/**
 * The posters of a world in the order they hang: add and edit in a dialog, take down after a
 * confirmation, move up and down (two updates that swap their slots). After a move, focus stays
 * on the moved poster's button and the new place is announced.
 */
export function PostersSection({ id }: { id: string }) {
  const [world, setWorld] = useState(WORLDS[0] ?? 'campus');
  const posters = usePosters(world);
  const { remove, reorder } = usePosterMutations(world);
  const [dialog, setDialog] = useState<PosterDialogState>(null);
  const [announcement, setAnnouncement] = useState('');
  const dialogs = useDialogs();
  const rows = posters.data ?? NO_POSTERS;
  const tableRef = useRef<HTMLDivElement>(null);
  const focusAfterMove = useRef<string | null>(null);
  const worldId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const focusWhenGone = useFocusAfterRemoval(
    rows.map((p) => p.id),
    addRef,
  );

  // The moved poster's row was redrawn in its new place: its button gets the focus back (or,
  // at an end of the list, the other direction's).
  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted || reorder.isPending) return;
    const [posterId, step] = wanted.split(':');
    const root = tableRef.current;
    const same = root?.querySelector<HTMLElement>(`[data-move="${wanted}"]`);
    const other = root?.querySelector<HTMLElement>(`[data-move="${posterId}:${-Number(step)}"]`);
    const target = same?.getAttribute('aria-disabled') === 'true' ? other : same;
    target?.focus();
    focusAfterMove.current = null;
  }, [rows, reorder.isPending]);

  const move = async (index: number, step: -1 | 1) => {
    const poster = rows[index];
    const moves = slotMoves(rows, index, step);
    if (!poster || moves.length === 0) return;
    focusAfterMove.current = `${poster.id}:${step}`;
    try {
      await reorder.mutateAsync(moves);
      setAnnouncement(T.moved(poster.title, index + step + 1));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const takeDown = async (poster: Poster) => {
    const confirmed = await dialogs.confirm({
      title: T.removePosterTitle(poster.title),
      message: T.removePosterText(poster.title),
      confirmLabel: T.remove,
    });
    if (!confirmed) return;
    focusWhenGone(poster.id);
    await toastResult(remove.mutateAsync(poster.id));
  };

  const table = useServerTable({
    data: rows,
    columns: posterColumns,
    meta: {
      count: rows.length,
      moving: reorder.isPending,
      move: (index, step) => void move(index, step),
      edit: (poster) => setDialog({ kind: 'edit', poster }),
      remove: (poster) => void takeDown(poster),
    } satisfies PosterTableMeta,
    getRowId: (row) => String(row.id),
    enableSorting: false,
  });

  return (
    <ContentSection
      id={id}
      title={T.posters}
      intro={T.postersIntro}
      action={
        <button
          ref={addRef}
          type="button"
          className="button button--primary"
          onClick={() => setDialog({ kind: 'add' })}
        >
          {T.addPoster}
        </button>
      }
    >
      {WORLDS.length > 1 && (
        <div className="field content-world">
          <label className="field__label" htmlFor={worldId}>
            {T.world}
          </label>
          <select
            id={worldId}
            className="field__input admin-select"
            value={world}
            onChange={(e) => setWorld(e.target.value)}
          >
            {WORLDS.map((w) => (
              <option key={w}>{w}</option>
            ))}
          </select>
        </div>
      )}
      <div ref={tableRef}>
        <DataTable table={table} label={T.posters} query={posters} empty={T.noPosters} />
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {dialog && (
        <PosterDialog
          world={world}
          poster={dialog.kind === 'edit' ? dialog.poster : undefined}
          slot={nextSlot(rows)}
          onClose={() => setDialog(null)}
        />
      )}
    </ContentSection>
  );
}
