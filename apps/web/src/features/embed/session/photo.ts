import type { WorldToHost } from '@atrium/protocol';
import type { WorldHandle } from '@atrium/world/render';
import type { EmbedDeps } from '../embedTypes.ts';
import { EmbedText } from '../texts.ts';

/** Where a photo's outcome is told: the notice over the world, and the host page. */
export interface PhotoReport {
  notice(text: string, autoHide?: boolean): void;
  toHost(message: WorldToHost): void;
}

/** The camera key and button: saves the world's current view to the album. */
export async function takePhoto(
  world: WorldHandle,
  deps: Pick<EmbedDeps, 'share' | 'session' | 'savePhoto'>,
  report: PhotoReport,
): Promise<void> {
  const placeId = `${deps.share.world}:${world.nearestLocation()}`;
  const image = world.capture();
  report.notice(EmbedText.photoSaving, false);
  try {
    await deps.savePhoto(image, placeId, deps.session.currentToken());
    report.notice(EmbedText.photoSaved);
    report.toHost({ type: 'screenshot_saved', place_id: placeId });
  } catch (error) {
    const message = error instanceof Error ? error.message : EmbedText.startFailed;
    report.notice(message);
    report.toHost({ type: 'screenshot_failed', message: message.slice(0, 500) });
  }
}
