import { describe, expect, it } from 'vitest';
import {
  SLIDER_CENTER_PADDING_PX,
  albumPageSize,
  pageCount,
  sliderSlides,
  sliderWindow,
} from './albumLayout.ts';

describe('albumPageSize (SPEC §9)', () => {
  it.each([
    [320, 800, 3],
    [600, 2000, 3],
    [601, 800, 9],
    [639, 800, 9],
    [640, 800, 4],
    [710, 1023, 4],
    [710, 1024, 9],
    [711, 1024, 8],
    [1200, 700, 8],
    [1200, 1025, 9],
    [1201, 700, 9],
    [1920, 1080, 9],
  ])('%i×%i gives %i', (width, height, size) => {
    expect(albumPageSize(width, height)).toBe(size);
  });
});

describe('slider', () => {
  it('shows 3 slides under 768 px and 5 from there', () => {
    expect(sliderSlides(767)).toBe(3);
    expect(sliderSlides(768)).toBe(5);
    expect(SLIDER_CENTER_PADDING_PX).toBe(60);
  });

  it('centres the window on the current photo, clamped to the list', () => {
    expect(sliderWindow(0, 10, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(sliderWindow(5, 10, 5)).toEqual([3, 4, 5, 6, 7]);
    expect(sliderWindow(9, 10, 5)).toEqual([5, 6, 7, 8, 9]);
    expect(sliderWindow(1, 2, 5)).toEqual([0, 1]);
    expect(sliderWindow(0, 0, 3)).toEqual([]);
  });
});

describe('pageCount', () => {
  it('is at least one', () => {
    expect(pageCount(0, 9)).toBe(1);
    expect(pageCount(9, 9)).toBe(1);
    expect(pageCount(10, 9)).toBe(2);
  });
});
