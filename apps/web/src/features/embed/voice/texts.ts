/**
 * The voice controls' own texts. Everything the voice says about itself (the microphone's names,
 * areas, moderation, failures) is `VoiceText` in @atrium/protocol; these are only the page's.
 */
export const VoiceWebText = {
  /** The group of voice buttons. */
  controls: 'Voice',
  /** The browser holds Web Audio until a click (autoplay policy). */
  hearPeople: 'Click to hear people near you',
  /** Teachers and admins: the list of voices they hear, to mute. */
  voicesNear: 'Voices near you',
  nobodyNear: 'Nobody near you is speaking.',
  mute: 'Mute',
  letSpeak: 'Let speak',
  muteName: (name: string) => `Mute ${name}`,
  letSpeakName: (name: string) => `Let ${name} speak`,
  muteFailed: 'That did not work. Try again.',
} as const;
