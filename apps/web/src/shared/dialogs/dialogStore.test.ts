import { describe, expect, it, vi } from 'vitest';
import { CONFIRMED, createDialogStore } from './dialogStore.ts';

const promptOptions = { title: 'Join a room', description: 'Which room?', label: 'Room name' };

describe('dialog store', () => {
  it('shows a prompt and resolves with the confirmed value', async () => {
    const store = createDialogStore();
    const answer = store.prompt(promptOptions);
    const shown = store.getSnapshot();
    expect(shown).toMatchObject({ kind: 'prompt', options: promptOptions });
    store.settle(shown!.id, 'room-2');
    await expect(answer).resolves.toBe('room-2');
    expect(store.getSnapshot()).toBeNull();
  });

  it('resolves a cancelled prompt with null', async () => {
    const store = createDialogStore();
    const answer = store.prompt(promptOptions);
    store.settle(store.getSnapshot()!.id, null);
    await expect(answer).resolves.toBeNull();
  });

  it('answers a confirmation with true only when the user confirms', async () => {
    const store = createDialogStore();
    const options = { title: 'Enter as a guest?', message: 'Your character cannot be saved.' };
    const yes = store.confirm(options);
    const shownYes = store.getSnapshot()!;
    expect(shownYes).toMatchObject({ kind: 'confirm', options });
    store.settle(shownYes.id, CONFIRMED);
    await expect(yes).resolves.toBe(true);

    const no = store.confirm(options);
    store.settle(store.getSnapshot()!.id, null);
    await expect(no).resolves.toBe(false);
  });

  it('shows one dialog at a time, in the order asked', async () => {
    const store = createDialogStore();
    const first = store.showError({ title: 'Oops', message: 'First' });
    const second = store.prompt(promptOptions);
    const firstShown = store.getSnapshot()!;
    expect(firstShown).toMatchObject({ kind: 'error', options: { message: 'First' } });

    store.settle(firstShown.id, null);
    await expect(first).resolves.toBeUndefined();
    const secondShown = store.getSnapshot()!;
    expect(secondShown.kind).toBe('prompt');
    expect(secondShown.id).not.toBe(firstShown.id);

    store.settle(secondShown.id, 'room-1');
    await expect(second).resolves.toBe('room-1');
  });

  it('ignores a late answer for a dialog that is no longer on screen', async () => {
    const store = createDialogStore();
    const first = store.prompt(promptOptions);
    const staleId = store.getSnapshot()!.id;
    store.settle(staleId, 'a');
    const second = store.prompt(promptOptions);
    store.settle(staleId, 'stale');
    expect(store.getSnapshot()).not.toBeNull();
    store.settle(store.getSnapshot()!.id, 'b');
    await expect(first).resolves.toBe('a');
    await expect(second).resolves.toBe('b');
  });

  it('tells subscribers when the dialog on screen changes', () => {
    const store = createDialogStore();
    const listener = vi.fn();
    store.subscribe(listener);
    void store.prompt(promptOptions);
    void store.prompt(promptOptions);
    expect(listener).toHaveBeenCalledTimes(1);
    store.settle(store.getSnapshot()!.id, null);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
