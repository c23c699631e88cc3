import type { Screenshot } from '@atrium/protocol';
import { useEffect } from 'react';
import { SLIDER_CENTER_PADDING_PX, sliderSlides, sliderWindow } from './albumLayout.ts';
import { AuthedImage } from './AuthedImage.tsx';
import { photoDate, photoTitle } from './format.ts';
import { AlbumText } from './texts.ts';
import { useWindowSize } from './useWindowSize.ts';

export interface AlbumViewerProps {
  photos: Screenshot[];
  index: number;
  onSelect: (index: number) => void;
  onBack: () => void;
  onShare: (photo: Screenshot) => void;
  onEdit: (photo: Screenshot) => void;
  onDelete: (photo: Screenshot) => void;
  deleting: boolean;
}

/** One photo, large, with its title and date, a thumbnail strip and the photo's actions. */
export function AlbumViewer({
  photos,
  index,
  onSelect,
  onBack,
  onShare,
  onEdit,
  onDelete,
  deleting,
}: AlbumViewerProps) {
  const { width } = useWindowSize();

  // Arrow keys move through the strip wherever focus is (a clicked thumbnail unmounts), except
  // while typing or when another dialog (share, confirm) is on top.
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.closest('input, textarea, select')) return;
      if (target instanceof HTMLElement && target.closest('.album-share, .dialog--confirm')) return;
      if (event.key === 'ArrowLeft' && index > 0) {
        event.preventDefault();
        onSelect(index - 1);
      } else if (event.key === 'ArrowRight' && index < photos.length - 1) {
        event.preventDefault();
        onSelect(index + 1);
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [index, photos.length, onSelect]);

  const photo = photos[index];
  if (!photo) return null;
  const strip = sliderWindow(index, photos.length, sliderSlides(width));
  const title = photoTitle(photo);

  return (
    <div className="album-viewer">
      <figure className="album-viewer__figure">
        <AuthedImage path={photo.image} alt={title} className="album-viewer__img" />
        <figcaption className="album-viewer__caption">
          <span className="album-viewer__title">{title}</span>
          <span className="album-viewer__date">{photoDate(photo)}</span>
        </figcaption>
      </figure>

      <div className="album-strip" style={{ paddingInline: SLIDER_CENTER_PADDING_PX }}>
        <button
          type="button"
          className="album-strip__arrow album-strip__arrow--prev"
          aria-label={AlbumText.prevPhoto}
          disabled={index === 0}
          onClick={() => onSelect(index - 1)}
        >
          ‹
        </button>
        <ul className="album-strip__list" aria-label={AlbumText.thumbnails}>
          {strip.map((i) => {
            const item = photos[i];
            if (!item) return null;
            return (
              <li key={item._id}>
                <button
                  type="button"
                  className="album-strip__thumb"
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={AlbumText.openPhoto(photoTitle(item))}
                  onClick={() => onSelect(i)}
                >
                  <AuthedImage path={item.image_thumb} alt="" />
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="album-strip__arrow album-strip__arrow--next"
          aria-label={AlbumText.nextPhoto}
          disabled={index >= photos.length - 1}
          onClick={() => onSelect(index + 1)}
        >
          ›
        </button>
      </div>

      <div className="album-viewer__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {AlbumText.backToGallery}
        </button>
        <span className="album-viewer__spacer" />
        <button
          type="button"
          className="button album-button--danger"
          disabled={deleting}
          onClick={() => onDelete(photo)}
        >
          {AlbumText.delete}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onEdit(photo)}>
          {AlbumText.edit}
        </button>
        <button type="button" className="button button--primary" onClick={() => onShare(photo)}>
          {AlbumText.share}
        </button>
      </div>
    </div>
  );
}
