import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { EventShell, LoadState } from './EventShell.tsx';
import { fetchGallery, formatDate, GalleryDataText } from './galleryData.ts';
import { EventsText } from './texts.ts';

export const GalleryText = {
  documentTitle: 'Gallery · Atrium',
  title: 'Gallery',
  lead: 'Photos from the campus and the launch. Select a photo to see it larger.',
  open: 'Open photo:',
} as const;

const loadLightbox = () => import('./GalleryLightbox.tsx');
const GalleryLightbox = lazy(loadLightbox);

/** `/event/gallery.html`, SPEC §2: the listing of `gallery.json`, and a lightbox with arrows. */
export function GalleryPage() {
  const gallery = useQuery({ queryKey: ['events', 'gallery'], queryFn: fetchGallery, retry: 1 });
  const [open, setOpen] = useState(-1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const items = gallery.data;

  // The photo last shown, kept in a ref: the lightbox may call `close` from an earlier render.
  const shown = useRef(-1);
  const [refocus, setRefocus] = useState<number | null>(null);
  const show = (index: number) => {
    shown.current = index;
    setOpen(index);
  };
  const close = () => {
    setRefocus(shown.current);
    setOpen(-1);
  };
  // Back to the photo last shown once the lightbox is gone, so keyboard users continue from
  // there; again on the next frame, after the lightbox's own focus restore.
  useEffect(() => {
    if (refocus === null || open >= 0) return;
    const tile = () => buttons.current[refocus];
    tile()?.focus();
    const frame = requestAnimationFrame(() => {
      tile()?.focus();
      setRefocus(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [refocus, open]);

  return (
    <EventShell
      title={GalleryText.title}
      documentTitle={GalleryText.documentTitle}
      lead={GalleryText.lead}
      wide
    >
      {!items ? (
        <LoadState
          failed={gallery.isError}
          loadingText={GalleryDataText.loading}
          failedText={GalleryDataText.failed}
          onRetry={() => void gallery.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="event-empty">{EventsText.noImages}</p>
      ) : (
        <ul className="gallery-grid">
          {items.map((item, i) => (
            <li key={String(item.gallery_id)} className="gallery-grid__item">
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                className="gallery-tile"
                onPointerEnter={() => void loadLightbox()}
                onFocus={() => void loadLightbox()}
                onClick={() => show(i)}
              >
                <img src={item.thumbnail} alt="" loading="lazy" className="gallery-tile__img" />
                <span className="gallery-tile__caption">
                  <span className="gallery-tile__title">
                    <span className="visually-hidden">{GalleryText.open} </span>
                    {item.title}
                  </span>
                  <time className="gallery-tile__date" dateTime={item.date}>
                    {formatDate(item.date)}
                  </time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {items && open >= 0 && (
        <Suspense fallback={null}>
          <GalleryLightbox items={items} index={open} onIndex={show} onClose={close} />
        </Suspense>
      )}
    </EventShell>
  );
}

/** The lazy route's default export (`app/router.tsx`). */
export default GalleryPage;
