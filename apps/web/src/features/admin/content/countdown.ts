const two = (n: number) => String(n).padStart(2, '0');

/** A date's offset from UTC as ISO 8601 writes it: `+08:00`, `-05:00`. */
export function offsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/** A moment as a `datetime-local` field shows it in the reader's time zone: `2022-05-04T13:00`. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}` +
    `T${two(date.getHours())}:${two(date.getMinutes())}`
  );
}

/**
 * A `datetime-local` value, read in the reader's time zone, as ISO 8601 with that zone's offset
 * at that moment (`2022-05-04T19:00:00+08:00`); null when it names no moment.
 */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${toLocalInput(date.toISOString())}:${two(date.getSeconds())}` + offsetOf(date);
}

/** The reader's time zone by name (`Asia/Singapore`), as the browser knows it. */
export function zoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}
