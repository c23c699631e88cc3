// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPortal } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellText } from '../../shared/texts.ts';
import { NavMore } from './NavMore.tsx';
import { UserArea } from './UserArea.tsx';

/** An entry whose dialog, as the real ones, sits in a portal. */
function WalletEntry() {
  return (
    <li>
      <button type="button">Wallet</button>
      {createPortal(
        <div role="dialog" aria-label="Wallet">
          <input aria-label="Address" />
        </div>,
        document.body,
      )}
    </li>
  );
}

function renderMore() {
  render(
    <MemoryRouter>
      <NavMore>
        <li>
          <button type="button">Friends</button>
        </li>
        <WalletEntry />
      </NavMore>
    </MemoryRouter>,
  );
  const toggle = screen.getByRole('button', { name: ShellText.navMore });
  const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  return { toggle, list };
}

describe('the navigation’s More (issue 27)', () => {
  afterEach(cleanup);

  it('holds the signed-in entries and shows them on a press; Escape folds them and returns to More', async () => {
    const user = userEvent.setup();
    const { toggle, list } = renderMore();
    expect(list?.contains(screen.getByRole('button', { name: 'Friends' }))).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list?.dataset.open).toBe('true');
    screen.getByRole('button', { name: 'Friends' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('stays open under an entry’s dialog, whose Escape is its own, so the dialog can return to its entry', async () => {
    const user = userEvent.setup();
    const { toggle } = renderMore();
    await user.click(toggle);
    const field = screen.getByRole('textbox', { name: 'Address' });
    fireEvent.keyDown(field, { key: 'Escape' });
    fireEvent.pointerDown(field);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('cuts a long name short on screen but keeps it whole, with the title for a pointer', () => {
    render(<UserArea user={{ username: 'abcdefghijklmno', role: 'member', isGuest: false }} />);
    const label = screen.getByTitle('abcdefghijklmno (Member)');
    expect(label.textContent).toContain('abcdefghijklmno (Member)');
  });
});
