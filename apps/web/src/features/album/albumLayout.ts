/**
 * SPEC §9 album page size, followed literally: width ≤ 600 → 3; 640–710 with height < 1024 → 4;
 * 711–1200 with height ≤ 1024 → 8; otherwise 9. Widths 601–639 match no band and so get 9, as
 * do 640–710 at height ≥ 1024 and 711–1200 above 1024; the spec leaves that gap, we keep it.
 */
export function albumPageSize(width: number, height: number): number {
  if (width <= 600) return 3;
  if (width >= 640 && width <= 710 && height < 1024) return 4;
  if (width >= 711 && width <= 1200 && height <= 1024) return 8;
  return 9;
}

/** SPEC §9 photo slider: 3 slides under 768 px wide, else 5. */
export function sliderSlides(width: number): number {
  return width < 768 ? 3 : 5;
}

/** SPEC §9: the slider's centre padding. */
export const SLIDER_CENTER_PADDING_PX = 60;

/** Number of pages for `count` items (at least 1, so an empty album still has page 1). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * The indexes the thumbnail strip shows around `current`: `slides` of them, centred on the
 * current photo where the list allows, never more than the list holds.
 */
export function sliderWindow(current: number, total: number, slides: number): number[] {
  const size = Math.min(slides, total);
  if (size <= 0) return [];
  const half = Math.floor(size / 2);
  const start = Math.min(Math.max(0, current - half), total - size);
  return Array.from({ length: size }, (_, i) => start + i);
}
