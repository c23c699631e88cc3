const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A server time (ISO 8601) as the reader's local date and time; null: `fallback`. */
export function formatWhen(iso: string | null, fallback = ''): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** The server's word for a ban without an end. */
const FOREVER = 'forever';

/** Whether an end time (`banned_until`) means for good. */
export function isForever(until: string | null): boolean {
  return until === FOREVER;
}

/** The pages `total` rows fill at `pageSize` a page; at least one, so "Page 1 of 1" when empty. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * An audit entry's `before` or `after` in one short line: `key: value` pairs for an object,
 * the JSON otherwise; nothing for null.
 */
export function compactChange(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, v]) => `${key}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}
