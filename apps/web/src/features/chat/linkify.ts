/** A piece of a chat message: plain text, or an http(s) link to make clickable. */
export type MessagePart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Candidates only; each is checked with the URL parser below. Anything but http(s) stays text.
const CANDIDATE = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the link ("see https://x.org.").
const TRAILING = /[.,;:!?)\]}'"]+$/;

const safeHref = (text: string): string | null => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * Splits a message into text and links. Only `http:` and `https:` become links: a message is
 * plain text, so `javascript:` or markup in it is shown as typed, never interpreted.
 */
export function linkify(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of message.matchAll(CANDIDATE)) {
    const start = match.index;
    const raw = match[0].replace(TRAILING, '');
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: message.slice(last, start) });
    parts.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < message.length) parts.push({ kind: 'text', text: message.slice(last) });
  return parts;
}
