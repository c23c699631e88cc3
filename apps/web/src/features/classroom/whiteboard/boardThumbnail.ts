// A breakout group's board as a thumbnail on the teacher's overview (issue 28 §4), drawn by
// Excalidraw's own `exportToSvg`, so it looks as the group sees it. Lazy, with the whiteboard's
// chunk: a teacher's page loads it only once a group's board has something on it.
import { exportToSvg, restoreElements } from '@excalidraw/excalidraw';
import type { BoardElement } from '@atrium/protocol';

// typescript-eslint cannot resolve `exportToSvg`'s declared type (tsc can): the part we use.
type ExportToSvg = (options: {
  elements: unknown;
  appState: Record<string, unknown>;
  files: null;
  exportPadding: number;
  skipInliningFonts: boolean;
}) => Promise<SVGSVGElement>;
const toSvg = exportToSvg as unknown as ExportToSvg;

/** The board's live elements as an SVG that scales to its box, or null when nothing is drawn. */
export async function boardThumbnail(
  elements: readonly BoardElement[],
): Promise<SVGSVGElement | null> {
  const live = elements.filter((e) => e.isDeleted !== true);
  if (live.length === 0) return null;
  const svg = await toSvg({
    elements: restoreElements(live as never, null),
    appState: { exportBackground: true, viewBackgroundColor: '#ffffff', exportWithDarkMode: false },
    files: null,
    exportPadding: 16,
    // The fonts stay where they are: a thumbnail needs no embedded copy of each.
    skipInliningFonts: true,
  });
  // The viewBox keeps the drawing's shape; the box decides the size.
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  svg.setAttribute('aria-hidden', 'true');
  return svg;
}
