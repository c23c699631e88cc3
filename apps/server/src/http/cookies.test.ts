import { describe, expect, it } from 'vitest';
import { signValue, unsignValue } from './cookies.ts';

describe('signed cookie values', () => {
  it('round-trips and refuses any change or another secret', () => {
    const signed = signValue('{"state":"a.b"}', 'secret-1');
    expect(unsignValue(signed, 'secret-1')).toBe('{"state":"a.b"}');
    expect(unsignValue(signed, 'secret-2')).toBeUndefined();
    expect(unsignValue(signed.replace('a.b', 'a.c'), 'secret-1')).toBeUndefined();
    expect(unsignValue(`${signed}x`, 'secret-1')).toBeUndefined();
    expect(unsignValue('no-mac', 'secret-1')).toBeUndefined();
  });
});
