import { toast } from 'sonner';

/** SPEC §8/§9: toasts auto-hide after 10 s. */
export const TOAST_DURATION_MS = 10_000;

/** Shows a success toast (SPEC §8: success messages use the same toast as errors). */
export function notifySuccess(message: string): void {
  toast.success(message, { duration: TOAST_DURATION_MS });
}

/** Shows an error toast, e.g. the server's `message` of a `status: false` answer. */
export function notifyError(message: string): void {
  toast.error(message, { duration: TOAST_DURATION_MS });
}
