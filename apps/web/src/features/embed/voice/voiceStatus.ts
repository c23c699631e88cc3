import { VoiceText, type VoiceArea } from '@atrium/protocol';
import type { VoiceNoticeKind, VoiceState } from './voiceClient.ts';

/** How long each notice stays on the status line, ms; failures stay until the next try. */
export const NOTICE_MS: Record<VoiceNoticeKind, number | null> = {
  headphones: 8000,
  guest: 6000,
  unavailable: 8000,
  unmuted: 5000,
  micBlocked: null,
  mediaFailed: null,
  mesh: 8000,
};

const NOTICE_TEXT: Record<VoiceNoticeKind, string> = {
  headphones: VoiceText.headphonesHint,
  guest: VoiceText.guestCannotSpeak,
  unavailable: VoiceText.unavailable,
  unmuted: VoiceText.unmutedByModerator,
  micBlocked: VoiceText.micBlocked,
  mediaFailed: VoiceText.mediaFailed,
  mesh: VoiceText.mesh,
};

const areaText = (area: VoiceArea, mode: VoiceState['mode']): string => {
  switch (area.kind) {
    case 'private':
      return VoiceText.privateArea(area.label);
    case 'quiet':
      return VoiceText.quietZone;
    case 'stage':
      // Straight between browsers (no Janus) a voice reaches only the mesh's few peers.
      return mode === 'mesh' ? VoiceText.stageMesh : VoiceText.stage;
    default: {
      const never: never = area.kind;
      throw new Error(`Unknown voice area ${String(never)}`);
    }
  }
};

/**
 * The voice's status line, most pressing first: a failure, a teacher's mute, a notice still
 * showing, the megaphone, the area the person stands in, and how many people they hear. Null
 * when there is nothing to say.
 */
export function voiceStatus(
  voice: VoiceState,
  area: VoiceArea | null,
  notice: VoiceNoticeKind | null,
): string | null {
  if (voice.mode === null) return null;
  if (notice === 'micBlocked' || notice === 'mediaFailed') return NOTICE_TEXT[notice];
  if (voice.muted) return VoiceText.mutedByModerator;
  if (notice) return NOTICE_TEXT[notice];
  if (voice.mode === 'off') return null;
  if (voice.megaphone && voice.micOn) return VoiceText.megaphoneOn;
  const hearing = voice.streams.length > 0 ? VoiceText.hearing(voice.streams.length) : null;
  if (area) {
    const text = areaText(area, voice.mode);
    return hearing ? `${text} ${hearing}` : text;
  }
  // Without Janus, the status says so while nobody is heard (and as a notice on joining).
  return hearing ?? (voice.mode === 'mesh' ? VoiceText.mesh : null);
}

/** Why the microphone button cannot be used now, or null when it can. */
export function micUnavailable(voice: VoiceState): string | null {
  if (voice.mode === 'off') return VoiceText.unavailable;
  if (!voice.canSpeak) return VoiceText.guestCannotSpeak;
  if (voice.muted) return VoiceText.mutedByModerator;
  return null;
}
