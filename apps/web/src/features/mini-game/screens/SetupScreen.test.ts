import { DARTS_LEVELS, DARTS_MODES } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { SETUP_LEVELS, SETUP_MODES } from './SetupScreen.tsx';

describe('the setup screen', () => {
  it('offers the protocol’s modes and levels, in its order', () => {
    expect(SETUP_MODES).toEqual(DARTS_MODES);
    expect(SETUP_LEVELS).toEqual(DARTS_LEVELS);
  });
});
