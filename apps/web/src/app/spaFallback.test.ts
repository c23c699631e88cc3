import { AppRoute } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { shellUrlFor } from './spaFallback.ts';

describe('shellUrlFor', () => {
  it('serves the shell for every .html page route', () => {
    expect(shellUrlFor(AppRoute.metaverse)).toBe('/index.html');
    expect(shellUrlFor(AppRoute.forgot)).toBe('/index.html');
    expect(shellUrlFor(AppRoute.miniGame)).toBe('/index.html');
  });

  it('keeps the query string, which carries page flags', () => {
    expect(shellUrlFor(`${AppRoute.forgot}?token=abc`)).toBe('/index.html?token=abc');
  });

  it('leaves the home page, the API and assets alone', () => {
    expect(shellUrlFor('/')).toBeUndefined();
    expect(shellUrlFor('/api/health')).toBeUndefined();
    expect(shellUrlFor('/assets/index-abc.js')).toBeUndefined();
    expect(shellUrlFor('/metaverse/other.html')).toBeUndefined();
  });
});
