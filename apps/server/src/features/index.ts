import { adminFeature } from './admin/admin.feature.ts';
import { authFeature } from './auth/auth.feature.ts';
import { balancingFeature } from './balancing/balancing.feature.ts';
import { characterFeature } from './character/character.feature.ts';
import { chatFeature } from './chat/chat.feature.ts';
import { eventsFeature } from './events/events.feature.ts';
import { classroomFeature } from './classroom/classroom.feature.ts';
import type { Feature } from './feature.ts';
import { gameDataFeature } from './gamedata/gamedata.feature.ts';
import { minigameFeature } from './minigame/minigame.feature.ts';
import { postersFeature } from './posters/posters.feature.ts';
import { roomFeature } from './room/room.feature.ts';
import { screenshotsFeature } from './screenshots/screenshots.feature.ts';
import { settingsFeature } from './settings/settings.feature.ts';
import { socialFeature } from './social/social.feature.ts';
import { sharesFeature } from './shares/shares.feature.ts';
import { systemFeature } from './system/system.feature.ts';
import { uploadsFeature } from './uploads/uploads.feature.ts';
import { usersFeature } from './users/users.feature.ts';
import { walletFeature } from './wallet/wallet.feature.ts';
import { worldFeature } from './world/world.feature.ts';

export type { Feature, FeatureDeps } from './feature.ts';

/**
 * Every feature the server runs, in registration order. The world comes before the other socket
 * features, so its handlers are the first on each connection.
 */
export const features: readonly Feature[] = [
  systemFeature,
  settingsFeature,
  balancingFeature,
  sharesFeature,
  authFeature,
  usersFeature,
  postersFeature,
  screenshotsFeature,
  worldFeature,
  classroomFeature,
  roomFeature,
  chatFeature,
  socialFeature,
  uploadsFeature,
  gameDataFeature,
  minigameFeature,
  eventsFeature,
  characterFeature,
  walletFeature,
  adminFeature,
];
