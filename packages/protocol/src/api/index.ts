import type { RouteSpec } from '../http/route.ts';
import { AdminApi } from './admin.api.ts';
import { AuthApi } from './auth.api.ts';
import { BalancingApi } from './balancing.api.ts';
import { CharacterApi } from './character.api.ts';
import { ChatApi } from './chat.api.ts';
import { ClassroomApi } from './classroom.api.ts';
import { GameDataApi } from './game-data.api.ts';
import { MinigameApi } from './minigame.api.ts';
import { EventsApi } from './events.api.ts';
import { PostersApi } from './posters.api.ts';
import { RoomApi } from './room.api.ts';
import { ScreenshotsApi } from './screenshots.api.ts';
import { SettingsApi } from './settings.api.ts';
import { SocialApi } from './social.api.ts';
import { SharesApi } from './shares.api.ts';
import { SystemApi } from './system.api.ts';
import { UploadsApi } from './uploads.api.ts';
import { UserFilesApi } from './user-files.api.ts';
import { UsersApi } from './users.api.ts';
import { WalletApi } from './wallet.api.ts';

export { API_DOCS_PATH, API_PREFIX, OperationsApi, SOCKET_PATH, SystemApi } from './system.api.ts';
export { AdminApi } from './admin.api.ts';
export { AuthApi, AuthCookiePath } from './auth.api.ts';
export { BalancingApi } from './balancing.api.ts';
export { CharacterApi } from './character.api.ts';
export { ChatApi } from './chat.api.ts';
export { ClassroomApi } from './classroom.api.ts';
export { GameDataApi } from './game-data.api.ts';
export { MinigameApi } from './minigame.api.ts';
export { EventsApi } from './events.api.ts';
export { EventsAdminPath, EventsPath, EventsSpecPath } from './events.paths.ts';
export { PagesApi } from './pages.api.ts';
export { posterImagePath, PostersApi } from './posters.api.ts';
export { RoomApi } from './room.api.ts';
export { ScreenshotsApi } from './screenshots.api.ts';
export { SettingsApi } from './settings.api.ts';
export { SocialApi } from './social.api.ts';
export { SharesApi } from './shares.api.ts';
export { UploadsApi } from './uploads.api.ts';
export { UserFilesApi } from './user-files.api.ts';
export { UsersApi } from './users.api.ts';
export { WalletApi } from './wallet.api.ts';

/**
 * Every HTTP route of the contract, by domain. The server registers each one (a test checks that
 * none is missing and that the server serves no other API path).
 */
export const ApiRoutes = {
  auth: AuthApi,
  system: SystemApi,
  settings: SettingsApi,
  balancing: BalancingApi,
  posters: PostersApi,
  screenshots: ScreenshotsApi,
  userFiles: UserFilesApi,
  shares: SharesApi,
  users: UsersApi,
  classroom: ClassroomApi,
  room: RoomApi,
  chat: ChatApi,
  social: SocialApi,
  uploads: UploadsApi,
  gameData: GameDataApi,
  minigame: MinigameApi,
  events: EventsApi,
  character: CharacterApi,
  wallet: WalletApi,
  admin: AdminApi,
} as const satisfies Record<string, Record<string, RouteSpec>>;
