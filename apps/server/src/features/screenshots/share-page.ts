import { routeUrl, ScreenshotsApi, ScreenshotText } from '@atrium/protocol';
import type { ScreenshotRow } from '../../db/schema.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** The share pages' own small style sheet (pages may use inline styles, never inline scripts). */
const CSS = `
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;
justify-content:center;gap:20px;padding:24px;box-sizing:border-box;background:#0f1130;
color:#e8eaf6;font-family:system-ui,-apple-system,"Segoe UI",sans-serif}
.brand{display:flex;align-items:center;gap:10px;color:#fff;font-weight:700;font-size:20px;
text-decoration:none}
.brand img{width:32px;height:32px}
figure{margin:0;max-width:min(100%,1100px);background:#1b1e45;border-radius:16px;padding:12px;
box-shadow:0 20px 50px rgba(0,0,0,.45)}
figure img{display:block;max-width:100%;height:auto;border-radius:10px}
figcaption{padding:12px 4px 2px;font-weight:600}
.join{display:inline-block;padding:12px 22px;border-radius:10px;background:#5b5bd6;color:#fff;
font-weight:700;text-decoration:none}
.join:hover{background:#4a4ac4}
p{margin:0;color:#b4b8e0}`;

/** A share link: the absolute address of the token's public page (`{PUBLIC_URL}/p/{token}`). */
export const sharePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}${routeUrl(ScreenshotsApi.sharePage, { params: { token } })}`;

/** Share pages hold photos of students, personal data: no search engine may list them. */
export const ROBOTS_NOINDEX = 'noindex';

const head = (title: string) => `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${ROBOTS_NOINDEX}">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${title}</title>
<style>${CSS}</style>`;

const brand = '<a class="brand" href="/"><img src="/favicon.svg" alt="">Atrium</a>';

/**
 * The public page of a share link: the picture, plus OpenGraph and Twitter card tags so a
 * social network's preview shows it. Every value is escaped.
 */
export function sharePage(publicUrl: string, token: string, row: ScreenshotRow): string {
  const title = escapeHtml(row.screenshotTitle);
  const photoPath = routeUrl(ScreenshotsApi.publicPhoto, { params: { token } });
  const image = escapeHtml(`${publicUrl}${photoPath}`);
  const page = escapeHtml(sharePageUrl(publicUrl, token));
  return `<!doctype html>
<html lang="en">
<head>
${head(title)}
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
<body>
${brand}
<figure>
<img src="${escapeHtml(photoPath)}" alt="${title}" width="${row.width}" height="${row.height}">
<figcaption>${title}</figcaption>
</figure>
<p>${escapeHtml(ScreenshotText.shareInvite)}</p>
<a class="join" href="/">${escapeHtml(ScreenshotText.shareJoin)}</a>
</body>
</html>
`;
}

/** The page for a revoked, deleted or made-up share link. */
export function notFoundPage(): string {
  const text = escapeHtml(ScreenshotText.shareNotFound);
  return `<!doctype html>
<html lang="en">
<head>${head(text)}</head>
<body>${brand}<p>${text}</p><a class="join" href="/">${escapeHtml(ScreenshotText.shareJoin)}</a></body>
</html>
`;
}
