// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmojiPickerPanel } from './EmojiPickerPanel.tsx';

describe('the emoji picker’s grid', () => {
  afterEach(cleanup);

  it('numbers its rows and cells from 1, as ARIA requires (issue 27)', async () => {
    render(<EmojiPickerPanel onPick={() => undefined} />);
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(grid.querySelectorAll('[role="row"]').length).toBeGreaterThan(0));
    const indexes = (attribute: string) =>
      [...grid.querySelectorAll(`[${attribute}]`)].map((e) => Number(e.getAttribute(attribute)));
    expect(indexes('aria-rowindex').length).toBeGreaterThan(0);
    expect(indexes('aria-colindex').length).toBeGreaterThan(0);
    expect(Math.min(...indexes('aria-rowindex'))).toBe(1);
    expect(Math.min(...indexes('aria-colindex'))).toBe(1);
  });
});
