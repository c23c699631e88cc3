/**
 * SPEC §5: the loader's percentage is clamped to 0..100 and rounded. NaN (a division by a zero
 * total, say) shows as 0 rather than "NaN%".
 */
export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)));
}
