import type { EventSubmission } from '@atrium/protocol';

/** The CSV columns, in order: SPEC §3's payload fields, then the id and when it came. */
export const CSV_COLUMNS = [
  'id',
  'kind',
  'vote_team',
  'name',
  'email',
  'phone_number',
  'message',
  'created_at',
] as const satisfies readonly (keyof EventSubmission)[];

/**
 * One CSV cell (RFC 4180). A value a spreadsheet would run as a formula (one starting with `=`,
 * `+`, `-`, `@`, or a tab or carriage return that some programs skip before looking) gets a
 * leading `'`, so an exported vote cannot run `=HYPERLINK(…)` on the admin's machine. Then a
 * cell with a comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a header row, then one row per submission, CRLF line ends (RFC 4180). */
export function submissionsCsv(rows: readonly EventSubmission[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
