import type { EventSubmission } from '@atrium/protocol';
import { csvCell } from '../../http/csv.ts';

export { csvCell };

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

/** The whole file: a header row, then one row per submission, CRLF line ends (RFC 4180). */
export function submissionsCsv(rows: readonly EventSubmission[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
