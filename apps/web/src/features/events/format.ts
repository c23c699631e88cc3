/** A gallery entry's date as the visitor's locale writes it (a bad date is shown as it is). */
export function formatDate(date: string): string {
  const at = Date.parse(date);
  if (Number.isNaN(at)) return date;
  // A bare day is a calendar date, not midnight UTC: shown as that day wherever the visitor is.
  const options: Intl.DateTimeFormatOptions = /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? { dateStyle: 'medium', timeZone: 'UTC' }
    : { dateStyle: 'medium' };
  return new Date(at).toLocaleDateString(undefined, options);
}
