import { describe, expect, it } from 'vitest';
import { defaultBoardUrl, fitFrame, groupBoardToggle } from './frame.ts';

describe('fitFrame', () => {
  it('fills the width less 32 px when the window is tall enough', () => {
    expect(fitFrame(832, 1000)).toEqual({ width: 800, height: 450 });
  });

  it('fills the height less 32 px when the window is wide', () => {
    expect(fitFrame(2000, 482)).toEqual({ width: 800, height: 450 });
  });

  it('never goes below zero', () => {
    expect(fitFrame(10, 10)).toEqual({ width: 0, height: 0 });
  });
});

describe('defaultBoardUrl', () => {
  it('is board-{user id}, or board-{timestamp} without a user', () => {
    expect(defaultBoardUrl('u-42')).toBe('board-u-42');
    expect(defaultBoardUrl(null, 1_700_000_000_000)).toBe('board-1700000000000');
  });
});

describe('groupBoardToggle', () => {
  it('opens the group’s own board, or closes the open one', () => {
    expect(groupBoardToggle('room-1-g2', false)).toEqual({
      type: 'action',
      name: 'open_whiteboard',
      data: { url: 'board-room-1-g2', readonly: false },
    });
    expect(groupBoardToggle('room-1-g2', true)).toEqual({
      type: 'action',
      name: 'close_whiteboard',
    });
  });
});
