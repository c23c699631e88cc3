import { createStore } from '../store.ts';

/** What a prompt asks for. */
export interface PromptOptions {
  title: string;
  description: string;
  /** The visible label of the one text input. */
  label: string;
  defaultValue?: string;
  placeholder?: string;
  /** When set, an empty (or blank) answer is refused and the input is focused again. */
  required?: boolean;
  maxLength?: number;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** What an error popup says. */
export interface ErrorPopupOptions {
  title?: string;
  message: string;
  okLabel?: string;
}

/** What a yes/no confirmation says. */
export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** A dialog waiting to be shown, or on screen. */
export type DialogRequest =
  | { readonly id: number; readonly kind: 'prompt'; readonly options: PromptOptions }
  | { readonly id: number; readonly kind: 'confirm'; readonly options: ConfirmOptions }
  | { readonly id: number; readonly kind: 'error'; readonly options: ErrorPopupOptions };

/** The answer `settle` gives a confirmation when the user confirms (anything else is a no). */
export const CONFIRMED = 'confirmed';

export interface DialogStore {
  /** The dialog on screen, or null. */
  getSnapshot: () => DialogRequest | null;
  subscribe: (listener: () => void) => () => void;
  /** Asks for one line of text: the typed value on Confirm, `null` on Cancel or Escape. */
  prompt: (options: PromptOptions) => Promise<string | null>;
  /** Asks a yes/no question: true on Confirm, false on Cancel, Escape or a click outside. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Shows an error popup; resolves when the user dismisses it. */
  showError: (options: ErrorPopupOptions) => Promise<void>;
  /** Closes the dialog on screen with an answer (ignored if `id` is no longer on screen). */
  settle: (id: number, answer: string | null) => void;
}

interface Pending {
  request: DialogRequest;
  resolve: (answer: string | null) => void;
}

/**
 * A queue of modal dialogs: one is on screen at a time, later requests wait their turn, so two
 * features asking at once never stack two focus traps.
 */
export function createDialogStore(): DialogStore {
  const queue: Pending[] = [];
  // The head of the queue, kept in step with it: what is on screen.
  const onScreen = createStore<DialogRequest | null>(null);
  let nextId = 1;

  const showHead = () => onScreen.set(queue[0]?.request ?? null);

  const enqueue = (make: (id: number) => DialogRequest) =>
    new Promise<string | null>((resolve) => {
      queue.push({ request: make(nextId++), resolve });
      showHead();
    });

  return {
    getSnapshot: onScreen.get,
    subscribe: onScreen.subscribe,
    prompt: (options) => enqueue((id) => ({ id, kind: 'prompt', options })),
    async confirm(options) {
      const answer = await enqueue((id) => ({ id, kind: 'confirm', options }));
      return answer === CONFIRMED;
    },
    async showError(options) {
      await enqueue((id) => ({ id, kind: 'error', options }));
    },
    settle(id, answer) {
      const current = queue[0];
      if (!current || current.request.id !== id) return;
      queue.shift();
      current.resolve(current.request.kind === 'error' ? null : answer);
      showHead();
    },
  };
}

/** The app's one dialog queue. */
export const dialogs = createDialogStore();

/** Asks the user for one line of text; `null` when they cancel. */
export const prompt = dialogs.prompt;

/** Asks the user to confirm; true when they do. */
export const confirm = dialogs.confirm;

/** Shows the generic error popup (title, message, OK). */
export const showError = dialogs.showError;
