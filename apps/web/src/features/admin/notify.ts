import { errorMessage } from '../../shared/api/client.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';

/**
 * Runs a change that has no form (delete, lift, resend) and shows the server's answer as a
 * toast: its `message` on success, its refusal otherwise.
 */
export async function toastResult(change: Promise<string>): Promise<void> {
  try {
    notifySuccess(await change);
  } catch (error) {
    notifyError(errorMessage(error));
  }
}
