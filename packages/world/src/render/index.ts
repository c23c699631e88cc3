export { startWorld, type StartWorldOptions, type WorldHandle } from './start-world.ts';
export type { AtriumTestHook } from './test-hook.ts';
export type { AvatarPose, RemoteSummary } from './remote-avatars.ts';
export type { WorldVoiceView } from './systems/voice.ts';
export { testHooksEnabled } from './test-hook.ts';
export type {
  WorldConnection,
  WorldSendEvent,
  WorldSendPayload,
  WorldServerEvent,
  WorldServerPayload,
  WorldTransport,
} from './world-transport.ts';
