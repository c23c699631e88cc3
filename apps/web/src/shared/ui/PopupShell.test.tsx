// @vitest-environment happy-dom
import * as Dialog from '@radix-ui/react-dialog';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupShell } from './PopupShell.tsx';

/** A join form whose device settings dialog replaces it, on Join, with the class's controls. */
function JoinForm() {
  const [open, setOpen] = useState(false);
  const [joined, setJoined] = useState(false);
  return (
    <section>
      {joined ? (
        <button key="joined" type="button">
          Mute
        </button>
      ) : (
        <button key="form" type="button" onClick={() => setOpen(true)}>
          Join with settings
        </button>
      )}
      <PopupShell open={open} onDismiss={() => setOpen(false)} described={false}>
        <Dialog.Title>Devices</Dialog.Title>
        <button
          type="button"
          onClick={() => {
            setJoined(true);
            setOpen(false);
          }}
        >
          Join
        </button>
      </PopupShell>
    </section>
  );
}

/** A popup that opens by itself (nothing had focus), with the control to go on with after it. */
function Instructions() {
  const [open, setOpen] = useState(true);
  const start = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={start}>
        Start
      </button>
      <PopupShell open={open} onDismiss={() => setOpen(false)} described={false} afterClose={start}>
        <Dialog.Title>How to play</Dialog.Title>
        <button type="button" onClick={() => setOpen(false)}>
          Got it
        </button>
      </PopupShell>
    </>
  );
}

describe('where a popup leaves focus (issue 27)', () => {
  afterEach(cleanup);

  it('goes to the next control where its opener was, when Join took the opener away', async () => {
    const user = userEvent.setup();
    render(<JoinForm />);
    await user.click(screen.getByRole('button', { name: 'Join with settings' }));
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mute' })),
    );
  });

  it('goes to the control a person goes on with, when the popup opened by itself', async () => {
    const user = userEvent.setup();
    render(<Instructions />);
    await user.click(await screen.findByRole('button', { name: 'Got it' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start' })),
    );
  });
});
