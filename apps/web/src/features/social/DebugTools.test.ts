import { describe, expect, it } from 'vitest';
import { debugToolsEnabled } from './DebugTools.tsx';

describe('the debug buttons (SPEC §2)', () => {
  it('show in a development build behind the 12345 flag only', () => {
    expect(debugToolsEnabled(true, '?debug=12345')).toBe(true);
    expect(debugToolsEnabled(true, '?x=1&12345=12345')).toBe(true);
    expect(debugToolsEnabled(true, '?debug=1234')).toBe(false);
    expect(debugToolsEnabled(true, '')).toBe(false);
    expect(debugToolsEnabled(false, '?debug=12345')).toBe(false);
  });
});
