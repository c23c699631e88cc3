import { FrameCommand, FrameEvent } from '@atrium/player-sdk/messages';
import type { WorldLocation } from '@atrium/protocol';
import { parseLocation, parseQuality, parseThumbnailUrl, parseVolume } from '../embedFlags.ts';
import type { EmbedDeps, StopReason } from '../embedTypes.ts';

/** What the host's Player SDK commands act on: the controller, as its commands see it. */
export interface CommandTarget {
  setLocation(location: WorldLocation): void;
  start(): void;
  stop(reason: StopReason): void;
  /** Tears the world down and starts it again. */
  restart(): void;
  /** Starts again after an inactivity stop (SDK `resumeSession`), if that is allowed now. */
  resume(): void;
  fullscreen(on: boolean): void;
  setQuality(quality: number): void;
  setVolume(volume: number): void;
  setThumbnailUrl(url: string | null): void;
  /** A bridge message (or the `user_active` ping) sent through the SDK. */
  sdkMessage(text: unknown, origin: string): void;
  /** Answers an SDK question under its own name, with `{...}` or `{ error }`. */
  answer(type: FrameEvent, ask: () => Promise<object>): void;
  serverInfo(): NonNullable<EmbedDeps['serverInfo']>;
}

type CommandHandler = (target: CommandTarget, value: unknown, origin: string) => void;

/**
 * One handler per Player SDK command; a command added to `FrameCommand` fails to compile here
 * until the frame handles it.
 */
export const frameCommands: Record<FrameCommand, CommandHandler> = {
  [FrameCommand.setLocation]: (target, value) => {
    const location = parseLocation(value);
    if (location) target.setLocation(location);
  },
  [FrameCommand.start]: (target, value) => {
    const location = parseLocation(value);
    if (location) target.setLocation(location);
    target.start();
  },
  [FrameCommand.stop]: (target) => target.stop('host'),
  [FrameCommand.restartStream]: (target) => target.restart(),
  [FrameCommand.resumeSession]: (target) => target.resume(),
  [FrameCommand.maximize]: (target) => target.fullscreen(true),
  [FrameCommand.minimize]: (target) => target.fullscreen(false),
  [FrameCommand.quality]: (target, value) => {
    const quality = parseQuality(value);
    if (quality !== null) target.setQuality(quality);
  },
  [FrameCommand.setVolume]: (target, value) => {
    const volume = parseVolume(value);
    if (volume !== null) target.setVolume(volume);
  },
  [FrameCommand.setThumbnailUrl]: (target, value) =>
    target.setThumbnailUrl(parseThumbnailUrl(value)),
  [FrameCommand.sendSDKMessage]: (target, value, origin) => target.sdkMessage(value, origin),
  [FrameCommand.getServerAvailability]: (target) =>
    target.answer(FrameEvent.getServerAvailability, async () => ({
      stats: await target.serverInfo().availability(),
    })),
  [FrameCommand.getServerMetadata]: (target) =>
    target.answer(FrameEvent.getServerMetadata, async () => ({
      metadata: await target.serverInfo().metadata(),
    })),
  // The host SDK's version needs no answer.
  [FrameCommand.version]: () => undefined,
};
