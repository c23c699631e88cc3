import { describe, expect, it } from 'vitest';
import { toParagraphs } from './paragraphs.ts';

describe('toParagraphs', () => {
  it('splits at blank lines and keeps single line breaks', () => {
    expect(toParagraphs('One\nstill one\n\nTwo\r\n\r\n  \n\nThree  ')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(toParagraphs('  \n\n ')).toEqual([]);
  });

  it('keeps markup as text', () => {
    expect(toParagraphs('<img src=x onerror=alert(1)>')).toEqual(['<img src=x onerror=alert(1)>']);
  });
});
