import { describe, expect, it } from 'vitest';
import { loginNoticeFrom, loginNoticeState } from './loginNotice.ts';

describe('login notice', () => {
  it('reads back the message it was given', () => {
    expect(loginNoticeFrom(loginNoticeState('Done.'))).toBe('Done.');
  });

  it('ignores any other navigation state', () => {
    for (const state of [null, undefined, 'x', {}, { loginNotice: 3 }, { loginNotice: '' }]) {
      expect(loginNoticeFrom(state)).toBeNull();
    }
  });
});
