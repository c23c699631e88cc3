import type { AppSocket } from '../../shared/realtime/socketClient.ts';
import type { ClassroomClient } from './engine/types.ts';

/** Makes the engine over the app's socket: `createClassroomClient` of engine/client.ts. */
export type CreateClassroomClient = (socket: AppSocket) => ClassroomClient;

/**
 * Loads the media engine on first join, so WebRTC code never weighs on a page that shows no
 * class. The engine (engine/client.ts) is written alongside these screens.
 */
export async function loadClassroomEngine(): Promise<CreateClassroomClient> {
  return (await import('./engine/client.ts')).createClassroomClient;
}
