export { startWorld, type StartWorldOptions, type WorldHandle } from './start-world.ts';
export type { AtriumTestHook } from './test-hook.ts';
export type { RemoteSummary } from './remote-avatars.ts';
export type {
  WorldConnection,
  WorldSendEvent,
  WorldSendPayload,
  WorldServerEvent,
  WorldServerPayload,
  WorldTransport,
} from './world-transport.ts';
