import { PUBLIC_PHOTO_PATH, ScreenshotText, sharePageUrl } from '@atrium/protocol';
import type { ScreenshotRow } from '../../db/schema.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const STYLE =
  'margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;' +
  'background:#111;color:#eee;font-family:system-ui,sans-serif';

/**
 * The public page of a share link: the picture, plus OpenGraph and Twitter card tags so a
 * social network's preview shows it. Every value is escaped.
 */
export function sharePage(publicUrl: string, token: string, row: ScreenshotRow): string {
  const title = escapeHtml(row.screenshotTitle);
  const photoPath = `${PUBLIC_PHOTO_PATH}/${encodeURIComponent(token)}`;
  const image = escapeHtml(`${publicUrl}${photoPath}`);
  const page = escapeHtml(sharePageUrl(publicUrl, encodeURIComponent(token)));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta property="og:type" content="website">
<meta property="og:title" content="${title}">
<meta property="og:url" content="${page}">
<meta property="og:image" content="${image}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="${row.width}">
<meta property="og:image:height" content="${row.height}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${title}">
<meta name="twitter:image" content="${image}">
</head>
<body style="${STYLE}">
<img src="${escapeHtml(photoPath)}" alt="${title}" width="${row.width}" height="${row.height}" style="max-width:100%;height:auto">
</body>
</html>
`;
}

/** The page for a revoked, deleted or made-up share link. */
export function notFoundPage(): string {
  const text = escapeHtml(ScreenshotText.shareNotFound);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${text}</title></head>
<body style="${STYLE}"><p>${text}</p></body>
</html>
`;
}
