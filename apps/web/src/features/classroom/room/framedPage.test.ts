import { describe, expect, it } from 'vitest';
import { framedPage } from './framedPage.ts';

const own = 'https://campus.school.test';

describe('framedPage', () => {
  it('gives a page of the campus itself its origin back, so that its scripts can run', () => {
    const page = framedPage(`${own}/events`, own);
    expect(page.host).toBe('campus.school.test');
    expect(page.sandbox.split(' ').sort()).toEqual([
      'allow-forms',
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-same-origin',
      'allow-scripts',
    ]);
  });

  it.each([
    'https://en.wikipedia.org/wiki/Photosynthesis',
    // Another port or scheme is another origin.
    'https://campus.school.test:8443/events',
    'http://campus.school.test/events',
    'https://campus.school.test.evil.test/',
    'not a url',
  ])('keeps %s in an opaque origin', (url) => {
    expect(framedPage(url, own).sandbox).not.toContain('allow-same-origin');
  });
});
