import { dialogs, type DialogStore } from './dialogStore.ts';

export type DialogControls = Pick<DialogStore, 'prompt' | 'confirm' | 'showError'>;

const controls: DialogControls = {
  prompt: dialogs.prompt,
  confirm: dialogs.confirm,
  showError: dialogs.showError,
};

/** `prompt()`, `confirm()` and `showError()` of the app's dialog queue (stable across renders). */
export function useDialogs(): DialogControls {
  return controls;
}
