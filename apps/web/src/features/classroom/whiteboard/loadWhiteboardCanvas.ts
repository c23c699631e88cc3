// Set by the Vite config (`excalidrawAssets`): where the build puts Excalidraw's fonts.
declare const __EXCALIDRAW_ASSET_PATH__: string;

declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

/**
 * Loads the Excalidraw chunk. Its asset path is set first: Excalidraw falls back to a public CDN
 * for any font it cannot find there, and the class's browsers must ask no other host.
 */
export function loadWhiteboardCanvas() {
  window.EXCALIDRAW_ASSET_PATH = __EXCALIDRAW_ASSET_PATH__;
  return import('./WhiteboardCanvas.tsx');
}

/** Loads the thumbnail renderer (Excalidraw's `exportToSvg`, the same chunk), fonts from us too. */
export function loadBoardThumbnail() {
  window.EXCALIDRAW_ASSET_PATH = __EXCALIDRAW_ASSET_PATH__;
  return import('./boardThumbnail.ts');
}
