import { describe, expect, test } from 'vitest';
import {
  buildEmbedTarget,
  clampInactiveTimeout,
  cleanShareId,
  detectScriptOrigin,
  MAX_INACTIVE_TIMEOUT_MS,
  MIN_INACTIVE_TIMEOUT_MS,
} from './embed-url.ts';
import { BAD_PARAMETERS } from './texts.ts';

const BASE = 'https://campus.example.org';

describe('detectScriptOrigin', () => {
  test('prefers the running script, then the module URL, and only http(s)', () => {
    expect(
      detectScriptOrigin('https://a.example:8443/sdk/player-sdk.umd.js', 'https://b.example/x.mjs'),
    ).toBe('https://a.example:8443');
    expect(detectScriptOrigin(undefined, 'http://b.example/assets/sdk.mjs')).toBe(
      'http://b.example',
    );
    expect(detectScriptOrigin('', 'file:///work/src/player.ts')).toBeUndefined();
    expect(detectScriptOrigin('not a url', null)).toBeUndefined();
  });
});

describe('clampInactiveTimeout', () => {
  test('clamps to 10 s .. 24 h', () => {
    expect(MIN_INACTIVE_TIMEOUT_MS).toBe(10_000);
    expect(MAX_INACTIVE_TIMEOUT_MS).toBe(86_400_000);
    expect(clampInactiveTimeout(9_999)).toBe(10_000);
    expect(clampInactiveTimeout(-5)).toBe(10_000);
    expect(clampInactiveTimeout(60_000)).toBe(60_000);
    expect(clampInactiveTimeout(86_400_001)).toBe(86_400_000);
    expect(clampInactiveTimeout(Infinity)).toBe(86_400_000);
  });

  test('rejects what is not a number', () => {
    expect(() => clampInactiveTimeout(Number.NaN)).toThrow(new Error(BAD_PARAMETERS));
    expect(() => clampInactiveTimeout('60000')).toThrow(new Error(BAD_PARAMETERS));
  });
});

describe('cleanShareId', () => {
  test('drops a query string or fragment', () => {
    expect(cleanShareId('campus?hideTitle=true')).toBe('campus');
    expect(cleanShareId('campus#x')).toBe('campus');
    expect(cleanShareId('?x')).toBe('');
    expect(cleanShareId('campus')).toBe('campus');
  });
});

describe('buildEmbedTarget', () => {
  test('base + /embed/{id} with no flags', () => {
    expect(buildEmbedTarget('campus', {}, BASE)).toEqual({
      url: `${BASE}/embed/campus`,
      origin: BASE,
    });
  });

  test('every flag, in order, with the timeout in seconds after clamping', () => {
    const all = {
      whiteLabel: true,
      hideToolbar: true,
      hideTitle: true,
      hidePlayButton: true,
      inactiveTimeout: 90_500,
    };
    expect(buildEmbedTarget('campus', all, BASE).url).toBe(
      `${BASE}/embed/campus?whiteLabel=true&hideToolbar=true&hideTitle=true&hidePlayButton=true&inactiveTimeout=91`,
    );
    expect(buildEmbedTarget('campus', { inactiveTimeout: 1 }, BASE).url).toBe(
      `${BASE}/embed/campus?inactiveTimeout=10`,
    );
    expect(buildEmbedTarget('campus', { inactiveTimeout: 1e12 }, BASE).url).toBe(
      `${BASE}/embed/campus?inactiveTimeout=86400`,
    );
  });

  test('false flags are left out', () => {
    expect(buildEmbedTarget('campus', { whiteLabel: false, hideTitle: true }, BASE).url).toBe(
      `${BASE}/embed/campus?hideTitle=true`,
    );
  });

  test('overridedURL replaces the base, without its trailing slash; the origin follows', () => {
    const target = buildEmbedTarget('campus', { overridedURL: 'http://10.0.0.5:8080/' }, BASE);
    expect(target).toEqual({
      url: 'http://10.0.0.5:8080/embed/campus',
      origin: 'http://10.0.0.5:8080',
    });
  });

  test('the id is encoded as one path segment', () => {
    expect(buildEmbedTarget('a/b c', {}, BASE).url).toBe(`${BASE}/embed/a%2Fb%20c`);
  });

  test('a base that is not http(s) is refused', () => {
    expect(() => buildEmbedTarget('campus', { overridedURL: 'javascript:alert(1)' }, BASE)).toThrow(
      new Error(BAD_PARAMETERS),
    );
    expect(() => buildEmbedTarget('campus', {}, 'null')).toThrow(new Error(BAD_PARAMETERS));
  });
});
