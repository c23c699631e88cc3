import type { Screenshot } from '@atrium/protocol';
import { albumPageSize, pageCount } from './albumLayout.ts';
import { AuthedImage } from './AuthedImage.tsx';
import { photoDate, photoTitle } from './format.ts';
import { AlbumText } from './texts.ts';
import { useWindowSize } from './useWindowSize.ts';

export interface AlbumGalleryProps {
  /** null while the list loads. */
  photos: Screenshot[] | null;
  page: number;
  onPage: (page: number) => void;
  onOpenPhoto: (index: number) => void;
}

/** The paged grid of thumbnails; the page size follows the window (SPEC §9). */
export function AlbumGallery({ photos, page, onPage, onOpenPhoto }: AlbumGalleryProps) {
  const { width, height } = useWindowSize();
  const size = albumPageSize(width, height);
  // Full rows for every page size: 3 as a list, 4 as 2×2, 8 as 4×2, 9 as 3×3.
  const gridClass = `album-grid album-grid--${size === 3 ? 'list' : size === 4 ? 'cols-2' : size === 8 ? 'cols-4' : 'cols-3'}`;

  if (photos === null) {
    return (
      <ul className={gridClass} aria-busy="true" aria-label={AlbumText.loading}>
        {Array.from({ length: size }, (_, i) => (
          <li key={i} className="album-grid__item album-skeleton" />
        ))}
      </ul>
    );
  }
  if (photos.length === 0) {
    return <p className="album-empty">{AlbumText.empty}</p>;
  }

  const pages = pageCount(photos.length, size);
  const current = Math.min(page, pages - 1);
  const start = current * size;
  const shown = photos.slice(start, start + size);

  return (
    <>
      <ul className={gridClass}>
        {shown.map((photo, i) => (
          <li key={photo._id} className="album-grid__item">
            <button
              type="button"
              className="album-grid__button"
              onClick={() => onOpenPhoto(start + i)}
            >
              <AuthedImage path={photo.image_thumb} alt="" className="album-grid__img" />
              {/* The name is what the button shows, "Open" first: a name that left out the date
                  failed WCAG 2.5.3 (label in name). */}
              <span className="album-grid__caption">
                <span className="album-grid__title">
                  <span className="visually-hidden">{AlbumText.open} </span>
                  {photoTitle(photo)}
                </span>
                <span className="album-grid__date">{photoDate(photo)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="album-pager" aria-label={AlbumText.pageOf(current + 1, pages)}>
          <button
            type="button"
            className="button button--secondary"
            disabled={current === 0}
            onClick={() => onPage(current - 1)}
          >
            {AlbumText.prevPage}
          </button>
          <span className="album-pager__label" aria-live="polite">
            {AlbumText.pageOf(current + 1, pages)}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={current >= pages - 1}
            onClick={() => onPage(current + 1)}
          >
            {AlbumText.nextPage}
          </button>
        </nav>
      )}
    </>
  );
}
