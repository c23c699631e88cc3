import type { PublicShare } from '@atrium/protocol';

/** Where the frame goes in the host page, and its id for the Player SDK. */
const CONTAINER_ID = 'atrium-player';

/** Text made safe inside a double-quoted HTML attribute. */
const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The embed address of a share on this campus. */
export const embedUrl = (origin: string, share: Pick<PublicShare, 'id'>) =>
  `${origin}/embed/${encodeURIComponent(share.id)}`;

/**
 * A plain frame: the world at `/embed/{id}`, with the permissions the Player SDK's own frame asks
 * for (autoplay, full screen).
 */
export function frameSnippet(origin: string, share: Pick<PublicShare, 'id' | 'title'>): string {
  return [
    `<iframe src="${attribute(embedUrl(origin, share))}"`,
    `  title="${attribute(share.title)}" width="960" height="540" style="border: 0"`,
    '  allow="autoplay; fullscreen" allowfullscreen></iframe>',
  ].join('\n');
}

/**
 * The Player SDK: its script from this campus (`/sdk/player-sdk.umd.js`, the global `Atrium`),
 * then `new Atrium.Player(shareId, containerId)`, which embeds from the server that served the
 * script and starts the session once the frame has loaded.
 */
export function sdkSnippet(origin: string, share: Pick<PublicShare, 'id'>): string {
  // A share id is letters, digits, dashes and underscores: safe in a quoted script string.
  return [
    `<div id="${CONTAINER_ID}" style="width: 100%; height: 80vh"></div>`,
    `<script src="${attribute(origin)}/sdk/player-sdk.umd.js"></script>`,
    '<script>',
    `  const player = new Atrium.Player('${share.id}', '${CONTAINER_ID}');`,
    "  player.on('load', () => player.start());",
    '</script>',
  ].join('\n');
}
