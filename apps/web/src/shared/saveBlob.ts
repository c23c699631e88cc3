/** How long a saved file's `blob:` address lives: the browser has taken the download by then. */
const REVOKE_AFTER_MS = 10_000;

/**
 * Saves a file fetched with the bearer token (which a plain link cannot send) as a download: the
 * class record's and the audit log's CSV.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
