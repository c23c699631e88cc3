import { useEffect, useState } from 'react';
import { AlbumText } from './texts.ts';
import { useImageLoader } from './useAlbum.ts';

export interface AuthedImageProps {
  /** The owner-only file address (`image` or `image_thumb`). */
  path: string;
  alt: string;
  className?: string;
}

type Loaded = { path: string; url: string | null };

/** An <img> for a file that needs the bearer token: fetched into a `blob:` address, freed on change. */
export function AuthedImage({ path, alt, className }: AuthedImageProps) {
  const loadImage = useImageLoader();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    loadImage(path, controller.signal).then(
      (next) => {
        url = next;
        if (controller.signal.aborted) URL.revokeObjectURL(next);
        else setLoaded({ path, url: next });
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ path, url: null });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [loadImage, path]);

  const current = loaded?.path === path ? loaded : null;
  if (current === null) {
    return <span className={`album-img album-img--loading ${className ?? ''}`} aria-busy="true" />;
  }
  if (current.url === null) {
    return (
      <span
        className={`album-img album-img--missing ${className ?? ''}`}
        role="img"
        aria-label={alt}
      >
        {AlbumText.imageUnavailable}
      </span>
    );
  }
  return (
    <img className={`album-img ${className ?? ''}`} src={current.url} alt={alt} draggable={false} />
  );
}
