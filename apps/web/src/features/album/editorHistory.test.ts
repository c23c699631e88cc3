import { describe, expect, it } from 'vitest';
import {
  apply,
  canRedo,
  canUndo,
  CROP_RATIOS,
  emptyHistory,
  filterAmount,
  FILTERS,
  isDirty,
  redo,
  reset,
  undo,
  type EditOperation,
} from './editorHistory.ts';

const text: EditOperation = {
  kind: 'text',
  text: 'Hello',
  x: 10,
  y: 20,
  size: 150,
  color: '#fff',
  font: 'Inter',
};
const flip: EditOperation = { kind: 'flip', axis: 'x' };
const crop: EditOperation = { kind: 'crop', x: 0, y: 0, width: 100, height: 100 };

describe('editor history', () => {
  it('starts with undo and redo disabled', () => {
    expect(canUndo(emptyHistory)).toBe(false);
    expect(canRedo(emptyHistory)).toBe(false);
    expect(undo(emptyHistory)).toBe(emptyHistory);
    expect(redo(emptyHistory)).toBe(emptyHistory);
  });

  it('applies, undoes and redoes in order', () => {
    let h = apply(apply(apply(emptyHistory, text), flip), crop);
    expect(h.applied).toEqual([text, flip, crop]);
    h = undo(undo(h));
    expect(h.applied).toEqual([text]);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.applied).toEqual([text, flip]);
    expect(h.undone).toEqual([crop]);
  });

  it('clears the redo stack when a new edit is applied', () => {
    const h = apply(undo(apply(apply(emptyHistory, text), flip)), crop);
    expect(h.applied).toEqual([text, crop]);
    expect(canRedo(h)).toBe(false);
  });

  it('resets to the original picture', () => {
    const h = apply(apply(emptyHistory, text), flip);
    expect(isDirty(h)).toBe(true);
    expect(reset()).toEqual(emptyHistory);
    expect(isDirty(reset())).toBe(false);
  });

  it('keeps every tool inside the spec’s limits and drops edits that do nothing', () => {
    expect(apply(emptyHistory, { ...text, size: 5 }).applied[0]).toMatchObject({ size: 10 });
    expect(apply(emptyHistory, { ...text, size: 900 }).applied[0]).toMatchObject({ size: 500 });
    expect(apply(emptyHistory, { ...text, text: '   ' })).toBe(emptyHistory);
    const stroke: EditOperation = { kind: 'draw', points: [0, 0, 5, 5], size: 80, color: '#000' };
    expect(apply(emptyHistory, stroke).applied[0]).toMatchObject({ size: 50 });
    expect(apply(emptyHistory, { ...stroke, points: [1, 1] })).toBe(emptyHistory);
    expect(apply(emptyHistory, { kind: 'rotate', degrees: 90 }).applied[0]).toMatchObject({
      degrees: 50,
    });
    expect(apply(emptyHistory, { kind: 'rotate', degrees: 0 })).toBe(emptyHistory);
    expect(apply(emptyHistory, { ...crop, width: 0 })).toBe(emptyHistory);
    expect(
      apply(emptyHistory, { kind: 'filter', name: 'blur', value: 3 }).applied[0],
    ).toMatchObject({ value: 10 });
  });

  it('divides brightness and threshold by 255, as SPEC §5 says', () => {
    expect(filterAmount('brightness', 51)).toBeCloseTo(0.2);
    expect(filterAmount('threshold', 255)).toBeCloseTo(100 / 255);
    expect(filterAmount('blur', 40)).toBe(40);
    expect(FILTERS).toHaveLength(11);
    expect(CROP_RATIOS).toEqual([null, 1, 1.5, 1.3, 0.75, 1.25, 1.4, 1.78]);
  });
});
