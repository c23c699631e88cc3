import { AdminText, type GalleryEntry } from '@atrium/protocol';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { useDialogs } from '../../../shared/dialogs/useDialogs.ts';
import { notifySuccess } from '../../../shared/toast/toast.ts';
import { FormAlert } from '../../../shared/ui/FormAlert.tsx';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { RowActions } from '../RowActions.tsx';
import { ContentSection, WhenLoaded } from './ContentSection.tsx';
import { GalleryEntryDialog } from './GalleryEntryDialog.tsx';
import { listProblem, moveEntry } from './galleryForm.ts';
import { ContentText as T } from './texts.ts';
import { useContentSaves, useGallery } from './useContent.ts';

type EntryDialog = { kind: 'add' } | { kind: 'edit'; index: number } | null;

const keyOf = (entry: GalleryEntry) => String(entry.gallery_id);

interface GalleryEditorProps {
  saved: GalleryEntry[];
}

/**
 * The gallery list being edited: entries added, changed, removed and moved here, then published
 * together with Save (the route replaces the whole list).
 */
function GalleryEditor({ saved }: GalleryEditorProps) {
  const [draft, setDraft] = useState(saved);
  const [dialog, setDialog] = useState<EntryDialog>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { saveGallery } = useContentSaves();
  const dialogs = useDialogs();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<string | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  // After a move or a removal the list is redrawn; focus goes to the control asked for.
  useEffect(() => {
    const selector = focusNext.current;
    if (!selector) return;
    focusNext.current = null;
    const target = listRef.current?.querySelector<HTMLElement>(selector) ?? addRef.current;
    target?.focus();
  }, [draft]);

  const change = (next: GalleryEntry[]) => {
    setDraft(next);
    setProblem(null);
  };

  const move = (index: number, step: -1 | 1) => {
    const entry = draft[index];
    const atEdge = step < 0 ? index === 0 : index === draft.length - 1;
    if (!entry || atEdge) return;
    const edge = step < 0 ? index + step === 0 : index + step === draft.length - 1;
    const direction = edge ? -step : step;
    focusNext.current = `[data-move="${keyOf(entry)}:${direction}"]`;
    change(moveEntry(draft, index, step));
    setAnnouncement(T.moved(entry.title, index + step + 1));
  };

  const remove = async (index: number) => {
    const entry = draft[index];
    if (!entry) return;
    const confirmed = await dialogs.confirm({
      title: T.removeEntryTitle(entry.title),
      message: T.removeEntryText,
      confirmLabel: T.remove,
    });
    if (!confirmed) return;
    const neighbour = draft[index + 1] ?? draft[index - 1];
    focusNext.current = neighbour ? `[data-actions="${keyOf(neighbour)}"] button` : null;
    change(draft.filter((_, i) => i !== index));
    if (!neighbour) addRef.current?.focus();
  };

  const discard = async () => {
    const confirmed = await dialogs.confirm({
      title: T.discardTitle,
      message: T.discardText,
      confirmLabel: T.discard,
    });
    if (confirmed) change(saved);
  };

  const save = async () => {
    const found = dirty ? listProblem(draft) : AdminText.nothingToUpdate;
    if (found) {
      setProblem(found);
      return;
    }
    try {
      setDraft(await saveGallery.mutateAsync(draft));
      notifySuccess(T.saved);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const editing = dialog?.kind === 'edit' ? draft[dialog.index] : undefined;
  return (
    <>
      <div className="content-list-head">
        <p className="admin-muted">{draft.length === 0 ? T.noEntries : T.entries(draft.length)}</p>
        <button
          ref={addRef}
          type="button"
          className="button button--secondary"
          onClick={() => setDialog({ kind: 'add' })}
        >
          {T.addEntry}
        </button>
      </div>
      {draft.length > 0 && (
        <ol ref={listRef} className="content-list" aria-label={T.gallery}>
          {draft.map((entry, index) => (
            <li key={keyOf(entry)} className="content-item">
              <img className="content-thumb" src={entry.thumbnail} alt="" loading="lazy" />
              <div className="content-item__text">
                <span className="admin-strong">{entry.title}</span>
                <span className="admin-muted content-item__meta">
                  {entry.date} · {keyOf(entry)}
                </span>
                {entry.description && <span className="content-excerpt">{entry.description}</span>}
              </div>
              <div className="content-item__controls">
                {([-1, 1] as const).map((step) => {
                  const atEdge = step < 0 ? index === 0 : index === draft.length - 1;
                  return (
                    <button
                      key={step}
                      type="button"
                      className="content-move"
                      data-move={`${keyOf(entry)}:${step}`}
                      aria-disabled={atEdge || undefined}
                      onClick={() => move(index, step)}
                    >
                      <span aria-hidden="true">{step < 0 ? '↑' : '↓'}</span>
                      <span className="visually-hidden">
                        {step < 0 ? T.moveUpNamed(entry.title) : T.moveDownNamed(entry.title)}
                      </span>
                    </button>
                  );
                })}
                <div data-actions={keyOf(entry)}>
                  <RowActions
                    name={entry.title}
                    actions={[
                      { label: T.edit, run: () => setDialog({ kind: 'edit', index }) },
                      { label: T.remove, danger: true, run: () => void remove(index) },
                    ]}
                  />
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      <div className="admin-form__actions content-save">
        <SubmitButton
          type="button"
          busy={saveGallery.isPending}
          busyLabel={T.saving}
          onClick={() => void save()}
        >
          {T.save}
        </SubmitButton>
        {dirty && (
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void discard()}
            >
              {T.discard}
            </button>
            <p className="content-unsaved" role="status">
              {T.unsaved}
            </p>
          </>
        )}
      </div>
      {dialog && (
        <GalleryEntryDialog
          entry={editing}
          others={draft.filter((e) => e !== editing)}
          onDone={(entry) =>
            change(
              dialog.kind === 'edit'
                ? draft.map((e, i) => (i === dialog.index ? entry : e))
                : [...draft, entry],
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** The event gallery's list, which the gallery page and the featuring carousel both show. */
export function GallerySection({ id }: { id: string }) {
  const gallery = useGallery();
  return (
    <ContentSection id={id} title={T.gallery} intro={T.galleryIntro}>
      <WhenLoaded query={gallery} failed={T.galleryFailed}>
        {(entries) => <GalleryEditor saved={entries} />}
      </WhenLoaded>
    </ContentSection>
  );
}
