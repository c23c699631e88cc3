/** The embeddable Player SDK: `new Player(shareId, containerId, options)`. */
export { Player, DEFAULT_VOLUME, LOCATION_RESEND_DELAY_MS } from './player.ts';
export type {
  PlayerOptions,
  ServerAvailabilityCallback,
  ServerMetadataCallback,
  ServerErrorCallback,
} from './options.ts';
export { PlayerEvents } from './player-events.ts';
export type { PlayerEventMap, PlayerEventName, PlayerListener } from './events.ts';
export { Regions, type Region, type RegionCoordinates } from './regions.ts';
export { MIN_INACTIVE_TIMEOUT_MS, MAX_INACTIVE_TIMEOUT_MS } from './embed-url.ts';
export { DEFAULT_QUALITY } from './quality.ts';
export * from './messages.ts';
export { SDK_VERSION } from './version.ts';
