import { dialogs, type DialogStore } from './dialogStore.ts';

export type DialogControls = Pick<DialogStore, 'prompt' | 'showError'>;

const controls: DialogControls = { prompt: dialogs.prompt, showError: dialogs.showError };

/** `prompt()` and `showError()` of the app's dialog queue (stable across renders). */
export function useDialogs(): DialogControls {
  return controls;
}
