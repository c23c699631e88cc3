/**
 * SPEC §5 "Video links: four link forms with an 11-character id". The forms are YouTube's:
 * `youtube.com/watch?v=ID`, `youtu.be/ID`, `youtube.com/embed/ID` and `youtube.com/v/ID`. A
 * link in one of them becomes an embedded player on YouTube's privacy-enhanced host; any other
 * link stays a link, and everything else stays text. No HTML from the article is ever rendered.
 */

/** YouTube's privacy-enhanced embed host: no cookies until the visitor plays the video. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);

/** The 11-character video id of a link in one of the four forms, or null. */
export function videoIdOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').slice(1);
  let id: string | null | undefined;
  if (SHORT_HOSTS.has(host)) {
    // youtu.be/ID
    id = segments.length === 1 ? segments[0] : null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else if (segments.length === 2 && (segments[0] === 'embed' || segments[0] === 'v')) {
      id = segments[1];
    }
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The privacy-enhanced player address of a video id. */
export const videoEmbedUrl = (id: string): string =>
  `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(id)}`;

/** A piece of an article paragraph. */
export type ArticlePart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string }
  | { kind: 'video'; id: string; href: string };

/** http(s) links in running text; trailing punctuation is the sentence's, not the link's. */
const LINK = /https?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Splits a paragraph (plain text) into text, links and videos, in order. Neighbouring text is
 * merged, so a paragraph without links is one text part.
 */
export function splitArticleText(paragraph: string): ArticlePart[] {
  const parts: ArticlePart[] = [];
  const pushText = (text: string) => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  let cursor = 0;
  for (const match of paragraph.matchAll(LINK)) {
    const raw = match[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    const href = raw.slice(0, raw.length - trail.length);
    pushText(paragraph.slice(cursor, match.index));
    cursor = match.index + raw.length;
    const id = videoIdOf(href);
    if (id) parts.push({ kind: 'video', id, href });
    else if (isWebLink(href)) parts.push({ kind: 'link', href });
    else pushText(href);
    pushText(trail);
  }
  pushText(paragraph.slice(cursor));
  return parts;
}

function isWebLink(href: string): boolean {
  try {
    const url = new URL(href);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
