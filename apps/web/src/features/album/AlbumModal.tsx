import * as Dialog from '@radix-ui/react-dialog';
import type { Screenshot } from '@atrium/protocol';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { useDialogs } from '../../shared/dialogs/useDialogs.ts';
import { PopupShell } from '../../shared/ui/PopupShell.tsx';
import { clearAlbumDot } from '../../shared/album/albumDot.ts';
import { AlbumGallery } from './AlbumGallery.tsx';
import { AlbumViewer } from './AlbumViewer.tsx';
import { ShareModal } from './ShareModal.tsx';
import { EditorText } from './editor/texts.ts';
import { AlbumText } from './texts.ts';
import { useAlbumMutations, useAlbumPhotos } from './useAlbum.ts';
import './album.css';

/** The editor (konva and its tools) loads only when a photo is edited (DESIGN.md). */
const ImageEditor = lazy(() => import('./editor/ImageEditor.tsx'));

export interface AlbumModalProps {
  open: boolean;
  onClose: () => void;
}

type View = 'cover' | 'gallery' | 'viewer' | 'editor';

/** SPEC §2 Album modal: cover → paged gallery → single photo, with share and delete. */
export function AlbumModal({ open, onClose }: AlbumModalProps) {
  const { confirm, showError } = useDialogs();

  const [view, setView] = useState<View>('cover');
  // The list loads when the gallery first opens (the cover asks for nothing).
  const list = useAlbumPhotos(view !== 'cover');
  const photos: Screenshot[] | null = list.data ?? null;
  const { remove, markSeen } = useAlbumMutations();
  const { mutate: recordLook } = markSeen;
  const [page, setPage] = useState(0);
  const [index, setIndex] = useState(0);
  const [sharing, setSharing] = useState<Screenshot | null>(null);
  const [deleting, setDeleting] = useState(false);
  // Stable, so the share modal asks for its link once, not on every render of the album.
  const handleShareClose = useCallback(() => setSharing(null), []);
  /** Whether the editor holds unsaved changes (closing the album then asks first). */
  const editorDirty = useRef(false);
  const handleDirtyChange = useCallback((dirty: boolean) => {
    editorDirty.current = dirty;
  }, []);

  useEffect(() => {
    if (!open) return;
    clearAlbumDot();
    // The server remembers the look, so the dot stays out after a reload too (failures are
    // silent: the mutation keeps its error to itself).
    recordLook();
  }, [open, recordLook]);

  /** Reloads the list in place (the viewer stays on screen) and shows photo `id`. */
  const refreshAndShow = async (id: string) => {
    const reloaded = (await list.refetch()).data ?? [];
    const at = reloaded.findIndex((p) => p._id === id);
    setIndex(at >= 0 ? at : 0);
    setView(reloaded.length > 0 ? 'viewer' : 'gallery');
  };

  const handleDismiss = async () => {
    if (view === 'editor' && editorDirty.current) {
      const yes = await confirm({
        title: EditorText.discardTitle,
        message: EditorText.discardConfirm,
        confirmLabel: EditorText.discard,
      });
      if (!yes) return;
    }
    onClose();
  };

  const handleOpenGallery = () => setView('gallery');

  const handleDelete = async (photo: Screenshot) => {
    if (deleting) return;
    const yes = await confirm({
      title: AlbumText.deleteTitle,
      message: AlbumText.deleteConfirm,
      confirmLabel: AlbumText.delete,
    });
    if (!yes) return;
    setDeleting(true);
    try {
      // The list loads again, showing its loading state, as it did when the gallery opened.
      await remove.mutateAsync(photo._id);
      setView('gallery');
    } catch (error: unknown) {
      void showError({ message: errorMessage(error) });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <PopupShell
      open={open}
      onDismiss={() => void handleDismiss()}
      className={`album album--${view}`}
      closeButton
      described={false}
    >
      <Dialog.Title className="dialog__title album__title">{AlbumText.title}</Dialog.Title>
      {view === 'cover' && (
        <div className="album-cover">
          <div className="album-cover__art" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
          <p className="album-cover__lead">{AlbumText.coverLead}</p>
          <button
            type="button"
            className="button button--primary button--large"
            onClick={handleOpenGallery}
          >
            {AlbumText.open}
          </button>
        </div>
      )}
      {view === 'gallery' && (
        <AlbumGallery
          photos={photos}
          page={page}
          onPage={setPage}
          onOpenPhoto={(i) => {
            setIndex(i);
            setView('viewer');
          }}
        />
      )}
      {view === 'viewer' && photos && (
        <AlbumViewer
          photos={photos}
          index={Math.min(index, photos.length - 1)}
          onSelect={setIndex}
          onBack={() => setView('gallery')}
          onShare={setSharing}
          onEdit={() => setView('editor')}
          onDelete={(photo) => void handleDelete(photo)}
          deleting={deleting}
        />
      )}
      {view === 'editor' && photos?.[index] && (
        <Suspense
          fallback={
            <p className="album-empty" role="status">
              {AlbumText.loadingEditor}
            </p>
          }
        >
          <ImageEditor
            key={photos[index]._id}
            photo={photos[index]}
            hasPrevious={index > 0}
            hasNext={index < photos.length - 1}
            onNavigate={(delta) => {
              setIndex(index + delta);
              setView('viewer');
            }}
            onClose={() => setView('viewer')}
            onSaved={(saved) => refreshAndShow(saved._id)}
            onDelete={(photo) => void handleDelete(photo)}
            deleting={deleting}
            onDirtyChange={handleDirtyChange}
          />
        </Suspense>
      )}
      {sharing && <ShareModal photo={sharing} onClose={handleShareClose} />}
    </PopupShell>
  );
}
