import { useEffect, useState } from 'react';
import type { AlbumApi } from './albumApi.ts';
import { AlbumText } from './texts.ts';

export interface AuthedImageProps {
  api: AlbumApi;
  /** The owner-only file address (`image` or `image_thumb`). */
  path: string;
  alt: string;
  className?: string;
}

type Loaded = { path: string; url: string | null };

/** An <img> for a file that needs the bearer token: fetched into a `blob:` address, freed on change. */
export function AuthedImage({ api, path, alt, className }: AuthedImageProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    api.imageBlobUrl(path, controller.signal).then(
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
  }, [api, path]);

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
