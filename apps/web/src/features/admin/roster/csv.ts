import { ROSTER_MAX_ROWS, ROSTER_TEMPLATE_CSV, RosterText, type RosterRow } from '@atrium/protocol';
import { RosterUiText as T } from './texts.ts';

/** One row of the preview: the row as it will be sent, and a key that survives edits. */
export interface RosterEntry {
  id: number;
  /** The row's place in the file: 1 is the first row after the header. */
  line: number;
  row: Required<RosterRow>;
}

export type ParsedRoster = { ok: true; entries: RosterEntry[] } | { ok: false; message: string };

/** The template an admin downloads, as a file. */
export const templateBlob = () => new Blob([ROSTER_TEMPLATE_CSV], { type: 'text/csv' });

let nextId = 1;
/** A fresh key for a row: rows of two files never share one. */
export const entryId = () => nextId++;

const cell = (record: Record<string, string | undefined>, column: string) =>
  (record[column] ?? '').trim();

/**
 * Reads a roster CSV with Papa Parse (loaded with the first file, not with the console): a header
 * row naming the columns in any case and order (`class` may be left out; an empty role means
 * member), then the rows. Blank lines are skipped; a row with missing cells reads them as empty,
 * and the server then says what is wrong with it.
 */
export async function parseRoster(text: string): Promise<ParsedRoster> {
  const { default: Papa } = await import('papaparse');
  const result = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const broken = result.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    // Papa Parse counts this error's rows differently from its others: the offset says the line.
    const line = text.slice(0, broken.index ?? 0).split('\n').length;
    return { ok: false, message: T.notCsv(broken.message, line) };
  }
  const fields = result.meta.fields ?? [];
  if (!fields.includes('username') || !fields.includes('email')) {
    return { ok: false, message: T.missingColumns };
  }
  const records = result.data;
  if (records.length === 0) return { ok: false, message: RosterText.empty };
  if (records.length > ROSTER_MAX_ROWS)
    return { ok: false, message: T.tooManyRows(records.length) };
  return {
    ok: true,
    entries: records.map((record, index) => ({
      id: entryId(),
      line: index + 1,
      row: {
        username: cell(record, 'username'),
        email: cell(record, 'email'),
        role: cell(record, 'role').toLowerCase() || 'member',
        class: cell(record, 'class'),
      },
    })),
  };
}
