import { describe, expect, it } from 'vitest';
import { exitTarget } from './homePage.ts';

const ORIGIN = 'https://campus.example.org';

describe('exitTarget (SPEC §2: the configured home page is the exit target)', () => {
  it('is the home route when nothing usable is configured', () => {
    for (const value of [
      undefined,
      null,
      '',
      '  ',
      42,
      {},
      'javascript:alert(1)',
      'data:text/html,x',
    ]) {
      expect(exitTarget(value, ORIGIN)).toEqual({ kind: 'route', path: '/' });
    }
  });

  it('stays in the app for a path or an address on this site', () => {
    expect(exitTarget('/metaverse/forgot.html', ORIGIN)).toEqual({
      kind: 'route',
      path: '/metaverse/forgot.html',
    });
    expect(exitTarget(`${ORIGIN}/?from=world#top`, ORIGIN)).toEqual({
      kind: 'route',
      path: '/?from=world#top',
    });
  });

  it('loads another site for an http(s) address elsewhere', () => {
    expect(exitTarget('https://www.school.example/welcome', ORIGIN)).toEqual({
      kind: 'url',
      href: 'https://www.school.example/welcome',
    });
  });

  it('does not take a protocol-relative path for a local one', () => {
    expect(exitTarget('//evil.example/x', ORIGIN)).toEqual({ kind: 'route', path: '/' });
  });
});
