import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readVisitLook, tokenSubject, visitLookForToken, writeVisitLook } from './visitLook.ts';

const tokenFor = (sub: string) =>
  `h.${Buffer.from(JSON.stringify({ sub, role: 'guest' })).toString('base64url')}.sig`;

describe('a guest look for the visit', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => void items.set(k, v),
        removeItem: (k: string) => void items.delete(k),
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('belongs to the guest who chose it: another session (another id) does not wear it', () => {
    writeVisitLook('guest-1', 0x80001234);
    expect(readVisitLook('guest-1')).toBe(0x80001234);
    expect(readVisitLook('guest-2')).toBeNull();
    expect(visitLookForToken(tokenFor('guest-1'))).toBe(0x80001234);
    expect(visitLookForToken(tokenFor('guest-2'))).toBeNull();
  });

  it("reads a token's subject, and nothing from a token it cannot read", () => {
    expect(tokenSubject(tokenFor('abc-123'))).toBe('abc-123');
    expect(tokenSubject('not a token')).toBeNull();
    expect(tokenSubject('')).toBeNull();
  });
});
