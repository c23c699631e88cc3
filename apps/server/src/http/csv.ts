// CSV for the exports admins and teachers download (forms, class records).

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
