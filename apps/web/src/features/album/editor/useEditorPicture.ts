import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EditOperation } from '../editorHistory.ts';
import { useImageLoader } from '../useAlbum.ts';
import { findGraphic } from './graphics.ts';
import { EditReplay, pictureCanvas, type RenderAssets } from './renderEdits.ts';

export type PictureState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; original: HTMLCanvasElement };

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${url}`));
    image.src = url;
  });
}

/** Loads the owner-only picture into a canvas (fitted to 1920×1080) for the editor. */
export function usePicture(path: string): PictureState {
  const loadBlob = useImageLoader();
  const [loaded, setLoaded] = useState<{ path: string; state: PictureState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let blobUrl: string | null = null;
    const setState = (state: PictureState) => setLoaded({ path, state });
    loadBlob(path, controller.signal)
      .then(async (url) => {
        blobUrl = url;
        const image = await loadImage(url);
        if (controller.signal.aborted) return;
        const original = pictureCanvas(image, {
          width: image.naturalWidth,
          height: image.naturalHeight,
        });
        setState({ status: 'ready', original });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => {
      controller.abort();
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [loadBlob, path]);
  return loaded?.path === path ? loaded.state : { status: 'loading' };
}

/** Sticker and doodle images, loaded once each, for the replay. */
export function useGraphics(): RenderAssets & { load(id: string): Promise<HTMLImageElement> } {
  const cache = useRef(new Map<string, HTMLImageElement>());
  const load = useCallback(async (id: string) => {
    const cached = cache.current.get(id);
    if (cached) return cached;
    const graphic = findGraphic(id);
    if (!graphic) throw new Error(`Unknown graphic ${id}`);
    const image = await loadImage(graphic.url);
    cache.current.set(id, image);
    return image;
  }, []);
  return useMemo(() => ({ graphic: (id: string) => cache.current.get(id), load }), [load]);
}

/** The picture with `ops` replayed (see EditReplay). */
export function useRendered(
  original: HTMLCanvasElement | null,
  ops: readonly EditOperation[],
  assets: RenderAssets,
): HTMLCanvasElement | null {
  const [replay] = useState(() => new EditReplay(assets));
  return useMemo(() => (original ? replay.render(original, ops) : null), [replay, original, ops]);
}
