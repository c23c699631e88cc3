// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWindowStack, WINDOW_LAYER_Z } from './windowStack.ts';

function Window({ name, open = true, page }: { name: string; open?: boolean; page?: string }) {
  const stacking = useWindowStack(open, page);
  return (
    <div data-testid={name} {...stacking}>
      <button type="button">{name}</button>
    </div>
  );
}

const z = (name: string) => Number(screen.getByTestId(name).style.zIndex);
const order = (...names: string[]) => [...names].sort((a, b) => z(a) - z(b));

describe('the floating windows’ stacking order', () => {
  afterEach(cleanup);

  it('puts the window opened last on top, inside the window layer', () => {
    const { rerender } = render(<Window name="board" />);
    rerender(
      <>
        <Window name="board" />
        <Window name="page" />
      </>,
    );
    expect(order('board', 'page')).toEqual(['board', 'page']);
    expect(z('board')).toBeGreaterThanOrEqual(WINDOW_LAYER_Z);
    // Far below the app's popups and dialogs (SPEC §9: 100002 and up).
    expect(z('page')).toBeLessThan(100_002);
  });

  it('brings a window forward when it is pressed or focused (the keyboard’s way)', () => {
    render(
      <>
        <Window name="class" />
        <Window name="board" />
        <Window name="page" />
      </>,
    );
    expect(order('class', 'board', 'page')).toEqual(['class', 'board', 'page']);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'board' }));
    expect(order('class', 'board', 'page')).toEqual(['class', 'page', 'board']);
    act(() => screen.getByRole('button', { name: 'class' }).focus());
    expect(order('class', 'board', 'page')).toEqual(['page', 'board', 'class']);
  });

  it('takes a closed window out, and puts it on top when it opens again or gets a new page', () => {
    const both = (boardOpen: boolean, page: string) => (
      <>
        <Window name="board" open={boardOpen} />
        <Window name="page" page={page} />
      </>
    );
    const { rerender } = render(both(true, 'a'));
    expect(order('board', 'page')).toEqual(['board', 'page']);
    rerender(both(false, 'a'));
    // A closed window (fading out) is not brought forward by a click.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'board' }));
    expect(order('board', 'page')).toEqual(['board', 'page']);
    rerender(both(true, 'a'));
    expect(order('board', 'page')).toEqual(['page', 'board']);
    rerender(both(true, 'b'));
    expect(order('board', 'page')).toEqual(['board', 'page']);
  });
});
