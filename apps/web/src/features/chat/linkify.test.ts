import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('makes http and https links, leaving the rest as text', () => {
    expect(linkify('see https://example.org/a?b=1 and http://x.test.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links other schemes or markup', () => {
    for (const message of [
      'javascript:alert(1)',
      '<a href="javascript:alert(1)">x</a>',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.test/x',
      '<img src=x onerror=alert(1)>',
    ]) {
      expect(linkify(message)).toEqual([{ kind: 'text', text: message }]);
    }
  });

  it('keeps a link inside quotes or markup from swallowing them', () => {
    expect(linkify('<a href="https://evil.test/">x</a>')).toEqual([
      { kind: 'text', text: '<a href="' },
      { kind: 'link', text: 'https://evil.test/', href: 'https://evil.test/' },
      { kind: 'text', text: '">x</a>' },
    ]);
  });

  it('answers an empty message with nothing', () => {
    expect(linkify('')).toEqual([]);
  });
});
