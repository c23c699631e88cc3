import { RoomApi } from '@atrium/protocol';
import { api } from '../../../shared/api/api.ts';
import { ClassroomUiText as T } from '../texts.ts';

/**
 * The text of the teacher's push prompt, listing the addresses the server takes besides the
 * campus's own (the allowlist, read when the prompt opens, so an admin's change shows at once).
 * Without an answer (offline, an old server) it is the general text: the server still decides.
 */
export async function studentBrowserPromptText(): Promise<string> {
  try {
    const { data } = await api.call(RoomApi.popupAllowlist, {});
    return T.studentBrowserPromptAllowed(data.origins);
  } catch {
    return T.studentBrowserPromptText;
  }
}
