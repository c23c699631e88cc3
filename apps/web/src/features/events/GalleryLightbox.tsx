import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import type { GalleryItem } from './galleryData.ts';

export interface GalleryLightboxProps {
  items: readonly GalleryItem[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * The gallery's photo view: `yet-another-react-lightbox` (arrows, keyboard ← → and Escape,
 * swipe, focus kept inside while open). Its own lazy chunk, loaded on the first open, so the
 * listing's first load stays within the web budget.
 */
export default function GalleryLightbox({ items, index, onIndex, onClose }: GalleryLightboxProps) {
  return (
    <Lightbox
      open
      index={index}
      close={onClose}
      on={{ view: ({ index: shown }) => onIndex(shown) }}
      plugins={[Captions]}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 4 }}
      controller={{ closeOnBackdropClick: true }}
      slides={items.map((item) => ({
        src: item.image,
        alt: item.title,
        title: item.title,
        description: item.description || undefined,
      }))}
    />
  );
}
