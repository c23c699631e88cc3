/** A location as `[latitude, longitude]` in degrees; the frame picks the nearest server to it. */
export type RegionCoordinates = readonly [latitude: number, longitude: number];

/**
 * The coordinates of the streaming regions, for `setDefaultLocation` and `start`
 * (same values as the Furioos SDK's `Player.regions`).
 */
export const Regions = {
  /** Europe West. */
  EUW: [52.1326, 5.2913],
  /** United States West. */
  USW: [47.751076, -120.740135],
  /** United States East. */
  USE: [37.926868, -78.024902],
  /** Australia East. */
  AUE: [-33.865143, 151.2099],
} as const satisfies Record<string, RegionCoordinates>;
export type Region = keyof typeof Regions;
