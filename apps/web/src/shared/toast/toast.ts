import { createStore } from '../store.ts';

/** SPEC §8/§9: toasts auto-hide after 10 s. */
export const TOAST_DURATION_MS = 10_000;

export type ToastKind = 'success' | 'error';
/** A button in the toast, e.g. the admin console's Undo. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}
type ShowToast = (kind: ToastKind, message: string, action?: ToastAction) => void;

/**
 * Whether a toast has been asked for. The toaster (sonner, about 9 KB of gzipped JS) loads on
 * the first toast rather than with every page: the home route's first load must stay within
 * 170 KB, and most visits start without a toast.
 */
export const toasterWanted = createStore(false);

let show: ShowToast | null = null;
const waiting: Array<{ kind: ToastKind; message: string; action?: ToastAction }> = [];

/**
 * The mounted toaster hands over how it shows a toast (null when it unmounts); what was asked
 * for while its code loaded is shown then, in order.
 */
export function toasterReady(showToast: ShowToast | null): void {
  show = showToast;
  if (showToast) {
    for (const { kind, message, action } of waiting.splice(0)) showToast(kind, message, action);
  }
}

function notify(kind: ToastKind, message: string, action?: ToastAction): void {
  if (show) {
    show(kind, message, action);
    return;
  }
  waiting.push(action ? { kind, message, action } : { kind, message });
  toasterWanted.set(true);
}

/**
 * Shows a success toast (SPEC §8: success messages use the same toast as errors), with a button
 * when `action` is given (for as long as the toast shows).
 */
export function notifySuccess(message: string, action?: ToastAction): void {
  notify('success', message, action);
}

/** Shows an error toast, e.g. the server's `message` of a `status: false` answer. */
export function notifyError(message: string): void {
  notify('error', message);
}
