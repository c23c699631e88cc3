import { errorMessage } from '../../shared/api/client.ts';
import { notifyError, notifySuccess } from '../../shared/toast/toast.ts';
import { AdminUiText } from './texts.ts';

/**
 * Runs a change that has no form (delete, lift, resend) and shows the server's answer as a
 * toast: its `message` on success, its refusal otherwise. With `undo` (a change that is cheap to
 * take back, as a deactivation is), the toast has an Undo button for as long as it shows.
 */
export async function toastResult(
  change: Promise<string>,
  undo?: () => Promise<string>,
): Promise<void> {
  try {
    const message = await change;
    notifySuccess(
      message,
      undo && { label: AdminUiText.undo, onClick: () => void toastResult(undo()) },
    );
  } catch (error) {
    notifyError(errorMessage(error));
  }
}
